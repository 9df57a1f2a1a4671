SELECT map_keys(c2.sku) IS NULL, element_at(c2.sku, 2).v FROM t
