-- HAVING reads the Aggregate's output (Spark's ResolveAggregateFunctions): sum(o.qty) is
-- computed by the select list and becomes its column; count(*) is not, so it joins the
-- Aggregate's list and a Project over the Filter restores the select list.
SELECT o.sku, sum(o.qty) AS total
FROM orders
GROUP BY o.sku
HAVING sum(o.qty) > 2 AND count(*) > 1
