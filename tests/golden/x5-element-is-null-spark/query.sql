SELECT transform(items, x -> x IS NULL) FROM orders
