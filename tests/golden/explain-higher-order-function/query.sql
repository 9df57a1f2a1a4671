SELECT transform(items, x -> x.sku) FROM orders
