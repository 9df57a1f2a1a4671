SELECT id FROM (SELECT id, customer FROM orders UNION ALL SELECT id, customer FROM orders)
