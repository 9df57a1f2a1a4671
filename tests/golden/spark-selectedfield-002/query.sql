SELECT col2.field2[0] as foo FROM t
