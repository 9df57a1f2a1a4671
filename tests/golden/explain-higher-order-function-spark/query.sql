SELECT aggregate(items, 0D, (acc, x) -> acc + x.price) FROM orders
