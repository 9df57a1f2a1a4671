SELECT transform(items, x -> x.parts.code) FROM orders
