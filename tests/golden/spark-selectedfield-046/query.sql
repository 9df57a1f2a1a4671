SELECT col8[0].field1[0] as foo FROM t
