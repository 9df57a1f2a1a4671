SELECT col2.field6.subfield1 FROM t
