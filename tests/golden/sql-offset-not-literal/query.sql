-- OFFSET takes a non-negative integer literal, as LIMIT does.
SELECT a FROM t OFFSET -1
