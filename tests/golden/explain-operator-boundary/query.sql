SELECT transform(o.items, x -> x.sku) FROM orders o JOIN orders p ON o.id = p.id
