SELECT col2.field3[0].subfield3[0] as foo FROM t
