-- percentile_cont takes its value from WITHIN GROUP (ORDER BY ...), which Spark 4 requires.
SELECT percentile_cont(0.5) FROM t
