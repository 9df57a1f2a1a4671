SELECT col2.field3[0].subfield3 as foo FROM t
