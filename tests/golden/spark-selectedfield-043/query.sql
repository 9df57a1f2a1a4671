SELECT col8.field1 FROM t
