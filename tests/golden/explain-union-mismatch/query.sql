SELECT c.name FROM (SELECT customer AS c FROM orders UNION ALL SELECT named_struct('id', id, 'name', 'n', 'address', customer.address) AS c FROM orders) u
