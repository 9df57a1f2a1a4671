SELECT col6['foo'][0].field1.subfield1 as foo FROM t
