SELECT element_at(col2.field3, 1).subfield3 as foo FROM t
