-- A sort key must be orderable (Spark: EXPRESSION_TYPE_IS_NOT_ORDERABLE), at any depth.
SELECT id FROM t ORDER BY tags[0]
