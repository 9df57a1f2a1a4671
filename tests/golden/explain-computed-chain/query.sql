SELECT transform(items, x -> x)[0].sku FROM orders
