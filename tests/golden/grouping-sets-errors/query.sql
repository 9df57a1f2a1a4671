SELECT grouping(id) FROM orders GROUP BY id;
SELECT id FROM orders WHERE grouping_id() = 0 GROUP BY ROLLUP(id);
SELECT grouping(amount) FROM orders GROUP BY ROLLUP(id);
SELECT grouping_id(amount) FROM orders GROUP BY ROLLUP(id, amount);
SELECT id FROM orders GROUP BY id, amount GROUPING SETS ((id), (customer.tier));
SELECT amount FROM orders GROUP BY ROLLUP(id);
SELECT id FROM orders GROUP BY ROLLUP(id) WITH CUBE;
SELECT id FROM orders GROUP BY CUBE(id, amount, id, amount, id, amount, id, amount, id, amount, id, amount, id)
