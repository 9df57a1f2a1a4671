SELECT col8.field1[0] as foo FROM t
