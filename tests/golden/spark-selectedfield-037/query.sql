SELECT col7[0].field1 as foo FROM t
