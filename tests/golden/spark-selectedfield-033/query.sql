SELECT map_values(col5[0]).field1.subfield2 as foo FROM t
