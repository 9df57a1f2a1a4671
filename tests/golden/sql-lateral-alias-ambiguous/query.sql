-- Two earlier items with the alias `x`: Spark's AMBIGUOUS_LATERAL_COLUMN_ALIAS.
SELECT id AS x, name.last AS x, x || '!' FROM orders
