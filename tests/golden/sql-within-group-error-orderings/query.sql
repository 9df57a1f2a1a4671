-- Spark's error for WITHIN GROUP: orderings.
SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY player.score, id) FROM t
