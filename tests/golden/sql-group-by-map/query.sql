-- A grouping expression must be orderable (Spark: GROUP_EXPRESSION_TYPE_IS_NOT_ORDERABLE).
SELECT rules[0], count(*) FROM t GROUP BY rules[0]
