SELECT col2.field6 FROM t
