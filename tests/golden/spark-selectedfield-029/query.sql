SELECT col4['foo'].field1.subfield1 as foo FROM t
