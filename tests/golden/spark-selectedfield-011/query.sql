SELECT element_at(element_at(col2.field3, 1).subfield3, 0) as foo FROM t
