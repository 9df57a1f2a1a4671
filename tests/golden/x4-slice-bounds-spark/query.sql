SELECT slice(items, 1, CAST(id AS INT)).sku FROM orders
