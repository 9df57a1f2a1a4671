-- Spark's error for WITHIN GROUP: unsupported.
SELECT sum(id) WITHIN GROUP (ORDER BY id) FROM t
