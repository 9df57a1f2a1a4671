-- Spark: UNRESOLVED_ALL_IN_GROUP_BY — the only item mixes a column and an aggregate.
SELECT id + sum(s.v)
FROM t
GROUP BY ALL
