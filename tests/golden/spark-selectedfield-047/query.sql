SELECT map_keys(col2).field1 as foo FROM t
