-- A quantified LIKE needs a pattern (Spark: "Expected something between '(' and ')'").
SELECT s.x LIKE ANY () FROM t
