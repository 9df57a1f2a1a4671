-- A lateral alias in an aggregating query: Spark lifts the select list into a Project over
-- the Aggregate first, which prune-plan does not model; it says so instead of planning it.
SELECT id, sum(size(items)) AS total, total / 2 AS half
FROM orders
GROUP BY id
