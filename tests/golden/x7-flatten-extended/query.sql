SELECT transform(flatten(transform(items, x -> x.parts)), p -> p.code) FROM orders
