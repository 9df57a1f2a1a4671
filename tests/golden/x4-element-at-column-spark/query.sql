SELECT element_at(items, CAST(id AS INT)).sku FROM orders
