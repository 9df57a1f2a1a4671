SELECT transform(items, x -> x) FROM orders
