SELECT aggregate(items, CAST(0 AS DOUBLE), (acc, x) -> acc + x.price) FROM orders
