SELECT transform(items, x -> transform(x.parts, p -> p.weight * x.qty)) FROM orders
