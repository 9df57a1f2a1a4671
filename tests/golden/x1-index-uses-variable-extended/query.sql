SELECT transform(items, x -> x.parts[x.qty - 1].code) FROM orders
