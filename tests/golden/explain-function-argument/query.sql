SELECT element_at(map_from_arrays(items.sku, items), 'a').qty FROM orders
