-- A use of a scalar subquery's value reaches the subquery's plan with its reason: `size`
-- reads `items`' smallest field under spark (SPARK-58735), any leaf under extended (X5).
SELECT s.items[0].sku AS first_sku, size(s.items) AS n
FROM (SELECT (SELECT o.cart.items FROM orders o WHERE o.id = 1) AS items FROM orders) s
