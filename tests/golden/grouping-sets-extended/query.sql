-- ROLLUP over a nested field: the key is an alias in the Project below the Expand (op-106).
SELECT customer.tier, count(*) FROM orders GROUP BY ROLLUP(customer.tier);
-- CUBE of two keys, grouping() and grouping_id(), HAVING on a grouping function.
SELECT customer.tier, customer.city, sum(amount), grouping(customer.city), grouping_id()
FROM orders GROUP BY CUBE(customer.tier, customer.city) HAVING grouping(customer.tier) = 0
ORDER BY 1, 2;
-- An aggregate reading a field of a column passed through the Expand: `spark` reads it whole.
SELECT customer.tier, max(seller.id), min(seller.region.code) FROM orders
GROUP BY GROUPING SETS ((customer.tier), ());
-- A plain key mixed with ROLLUP, and the same set twice (_gen_grouping_pos).
SELECT id % 2 AS odd, customer.tier, count(*) FROM orders
GROUP BY id % 2, ROLLUP(customer.tier) ORDER BY 1, 2;
SELECT customer.city, count(*) FROM orders GROUP BY GROUPING SETS ((customer.city), (customer.city));
-- WITH ROLLUP, Hive's declared GROUPING SETS, a nested CUBE, and a row constructor as a set.
SELECT customer.tier, customer.city, count(*) FROM orders GROUP BY customer.tier, customer.city WITH ROLLUP;
SELECT customer.tier, count(*) FROM orders GROUP BY customer.tier, customer.city GROUPING SETS ((customer.tier), ());
SELECT count(*) FROM orders GROUP BY GROUPING SETS ((customer.tier, customer.city), CUBE(seller.region.name));
-- A grand total alone is a global aggregate: one row, grouping_id() = 0.
SELECT count(*), grouping_id() FROM orders WHERE amount > 100 GROUP BY GROUPING SETS (());
-- Size over a key's element field, through the Expand.
SELECT size(items.sku) AS n, count(*) FROM orders GROUP BY ROLLUP(size(items.sku))
