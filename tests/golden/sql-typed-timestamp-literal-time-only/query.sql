-- Spark puts a time alone on the current date; the plan would depend on the day.
SELECT a
FROM t
WHERE ts > TIMESTAMP '10:11:12'
