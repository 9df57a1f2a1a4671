SELECT transform(items, x -> 1) FROM orders
