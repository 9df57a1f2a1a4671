SELECT transform(concat(items, reverse(items)), x -> x.sku) FROM orders
