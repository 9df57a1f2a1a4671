SELECT element_at(col2.field3.subfield3, 0) as foo FROM t
