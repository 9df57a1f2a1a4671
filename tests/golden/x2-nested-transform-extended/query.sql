SELECT transform(items, x -> transform(x.parts, p -> p.code)) FROM orders
