SELECT col2.field4['foo'].subfield2[0] as foo FROM t
