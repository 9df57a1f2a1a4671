-- A lateral alias in an aggregating select list: as Spark, the aggregate calls and grouping
-- expressions stay in the Aggregate, each once, and the select list becomes a Project over it
-- whose lateral aliases a Project below computes.
SELECT name.last AS who,
       sum(size(items)) AS total,
       total / count(*) AS per_order
FROM orders
GROUP BY name.last
ORDER BY total DESC
