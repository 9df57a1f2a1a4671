-- Spark's ResolveGroupByAll: GROUP BY ALL groups by every select item without an aggregate;
-- Spark 4's ResolveOrderByAll: ORDER BY ALL sorts by every output column, in order, with
-- ALL's direction and null order.
SELECT s.k, size(tags) AS n, count(*) AS c, sum(s.v) + 1 AS total
FROM t
GROUP BY ALL
ORDER BY ALL DESC NULLS FIRST;
-- Only aggregates: a global aggregate.
SELECT count(*) AS c, sum(s.v) / 2 AS half
FROM t
GROUP BY ALL;
SELECT id, s.k
FROM t
ORDER BY ALL
