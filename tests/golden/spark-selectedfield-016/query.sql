SELECT element_at(col2.field4, 'foo').subfield2 as foo FROM t
