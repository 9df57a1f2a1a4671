SELECT size(map_keys(m)) AS keys, size(map_keys(c2.sku)) AS skus FROM t
