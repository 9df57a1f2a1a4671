SELECT transform(items, x -> exists(x.parts, x -> x.code = 'A')) FROM orders
