SELECT zip_with(items, items, (a, b) -> a.sku || b.sku) FROM orders
