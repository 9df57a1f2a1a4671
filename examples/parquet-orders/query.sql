SELECT customer.name, aggregate(items, 0, (acc, i) -> acc + i.qty) AS qty
FROM orders
WHERE customer.city = 'Oslo'
