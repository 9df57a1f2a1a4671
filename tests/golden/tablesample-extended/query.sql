-- TABLESAMPLE (x PERCENT) is Spark's Sample; --verify samples the same rows for both plans.
SELECT customer.name FROM orders TABLESAMPLE (50 PERCENT) REPEATABLE (3) WHERE amount > 1;
-- BUCKET x OUT OF y: a Sample of x/y, printed as Spark prints the double; no REPEATABLE: no seed.
SELECT o.seller.region.name FROM orders TABLESAMPLE (BUCKET 1 OUT OF 3) AS o;
-- (n ROWS) is a Limit; on a subquery, below its alias's column names.
SELECT c.tier FROM (SELECT customer AS c FROM orders) TABLESAMPLE (2 ROWS) AS q (c);
-- A higher-order function above a Sample: `spark` reads the array whole (extractors only).
SELECT transform(items, i -> i.qty) FROM orders TABLESAMPLE (100 PERCENT)
