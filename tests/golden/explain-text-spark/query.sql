SELECT c.name.first,
       transform(o.items, i -> i.qty * i.price) AS totals
FROM (SELECT * FROM orders WHERE size(items) > 0) o
JOIN customers c ON o.customer_id = c.id
WHERE c.address IS NOT NULL
ORDER BY c.name.last
