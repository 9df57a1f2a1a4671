SELECT col3.field1.subfield1 FROM t
