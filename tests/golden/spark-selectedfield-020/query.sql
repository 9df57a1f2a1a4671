SELECT col2.field5.subfield2.subsubfield1.subsubsubfield1 FROM t
