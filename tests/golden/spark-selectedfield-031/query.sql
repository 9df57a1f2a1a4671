SELECT col5[0]['foo'].field1.subfield1 as foo FROM t
