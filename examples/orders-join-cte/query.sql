-- Revenue per customer segment, from a CTE over a join of two nested tables.
WITH spend AS (
  SELECT o.customer_id, o.shipping.city AS city,
         aggregate(o.items, 0D, (acc, i) -> acc + coalesce(i.qty * i.price, 0D)) AS total
  FROM orders o
  WHERE o.shipping.country <> 'IT'
)
SELECT c.profile.segment, count(*) AS orders, sum(s.total) AS revenue
FROM spend s JOIN customers c ON s.customer_id = c.id
GROUP BY c.profile.segment
ORDER BY revenue DESC;

-- Every customer, with the cities of the orders they shipped (null when none): a LEFT JOIN.
SELECT c.profile.name.last, s.city
FROM customers c LEFT JOIN (SELECT customer_id, shipping.city AS city FROM orders) s
  ON c.id = s.customer_id
ORDER BY c.id, s.city;

-- Cities that are both a shipping city and a customer's first address's city.
SELECT shipping.city FROM orders INTERSECT SELECT try_element_at(addresses, 1).city FROM customers ORDER BY 1
