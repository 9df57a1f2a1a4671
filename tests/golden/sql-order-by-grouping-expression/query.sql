-- A sort key equal to a grouping expression the select list does not output: the Aggregate
-- computes it under its SQL text (`o.sku`), and the field ordinal under it is rewritten.
SELECT count(*) AS n
FROM orders
GROUP BY o.sku
ORDER BY o.sku DESC
