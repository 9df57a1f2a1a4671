SELECT col2.field2 FROM t
