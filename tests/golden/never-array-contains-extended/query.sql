SELECT array_contains(items.sku, 'A') FROM orders
