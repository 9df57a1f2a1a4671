-- Spark's grammar takes LIMIT before OFFSET.
SELECT a FROM t OFFSET 1 LIMIT 2
