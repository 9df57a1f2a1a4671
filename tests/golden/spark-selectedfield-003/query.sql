SELECT col2.field9 FROM t
