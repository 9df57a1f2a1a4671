-- ORDER BY over an Aggregate: count(*) is the select list's column; max(o.id) is added to the
-- Aggregate's list, and a Project above the Sort restores the select list.
SELECT o.sku, count(*)
FROM orders
GROUP BY o.sku
ORDER BY count(*) DESC, max(o.id)
