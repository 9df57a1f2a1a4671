-- Spark's grammar requires the view's table alias before its column names.
SELECT f.first FROM contacts LATERAL VIEW explode(friends) AS f
