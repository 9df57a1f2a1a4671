-- LIMIT ALL is no limit: Spark plans no Limit operator.
SELECT s.y FROM t ORDER BY s.y DESC LIMIT ALL
