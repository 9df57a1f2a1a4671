-- OFFSET skips rows before LIMIT counts them: Spark's parser puts Offset below Limit.
-- `offset` is no reserved word: a column may be named so, and `FROM t offset` would alias t.
SELECT s.y, offset FROM t ORDER BY a LIMIT 2 OFFSET 1
