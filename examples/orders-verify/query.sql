-- What did each order cost, and where did it go?
SELECT id,
       customer.city,
       aggregate(items, 0D, (acc, x) -> acc + x.price * x.qty) AS total
FROM orders
WHERE exists(items, x -> x.qty > 1)
ORDER BY total DESC;

-- Items over a price, by SKU.
SELECT filter(items, x -> x.price > 2.0).sku AS skus, size(items) AS n FROM orders
;

-- Revenue per city, the largest first: `revenue` is named once and read again (a lateral
-- column alias), and the orders with no customer form the NULL city's group.
SELECT customer.city AS city,
       sum(aggregate(items, 0D, (acc, x) -> acc + x.price * x.qty)) AS revenue,
       revenue / count(*) AS per_order
FROM orders
GROUP BY customer.city
ORDER BY revenue DESC
