-- Spark's error for WITHIN GROUP: window-order.
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY player.score) OVER (PARTITION BY team ORDER BY id) FROM t
