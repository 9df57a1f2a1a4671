SELECT transform(items, x -> x.parts[0].code) FROM orders
