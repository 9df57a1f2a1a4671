SELECT col2.field3.subfield1 FROM t
