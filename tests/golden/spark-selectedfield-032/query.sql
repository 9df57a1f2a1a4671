SELECT map_values(col5[0]).field1.subfield1 as foo FROM t
