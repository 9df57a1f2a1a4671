SELECT array_distinct(items)[0].sku FROM orders
