-- Spark's grouping analytics plan an Expand that prune-plan does not build: rejected by name.
SELECT region, count(*) FROM orders GROUP BY ROLLUP(region)
