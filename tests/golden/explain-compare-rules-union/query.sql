-- The second UNION input reads `customer.items` whole under spark only because the first
-- does (its correlated subquery reads `customer` whole): its difference takes the first
-- input's rule.
SELECT items[0].qty
FROM (SELECT customer.items AS items FROM orders
      WHERE id IN (SELECT o.id FROM orders o WHERE o.customer.region = orders.customer.region)
      UNION ALL
      SELECT customer.items AS items FROM orders) u
