-- Spark's error for WITHIN GROUP: distinct-mismatch.
SELECT listagg(DISTINCT player.name) WITHIN GROUP (ORDER BY id) FROM t
