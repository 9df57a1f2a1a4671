SELECT col2.field7.subfield1 FROM t
