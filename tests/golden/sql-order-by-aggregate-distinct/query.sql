-- Under SELECT DISTINCT the Sort sees the select list only: an aggregate call it does not
-- output cannot be added below the Distinct (Spark leaves it unresolved).
SELECT DISTINCT o.sku
FROM orders
GROUP BY o.sku
ORDER BY count(*)
