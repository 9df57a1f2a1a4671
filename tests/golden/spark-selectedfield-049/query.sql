SELECT map_keys(col2)[0].field1 as foo FROM t
