SELECT element_at(col7.field1, 0) as foo FROM t
