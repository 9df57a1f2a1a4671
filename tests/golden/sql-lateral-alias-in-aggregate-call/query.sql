-- An aggregate function cannot read a lateral alias (Spark:
-- LATERAL_COLUMN_ALIAS_IN_AGGREGATE_FUNC).
SELECT size(items) AS n, sum(n) FROM orders GROUP BY size(items)
