-- Spark 4's randstr and uniform (random: their calls read nothing) and histogram_numeric (bins
-- of the value's type): typed and pruned; --verify refuses them, with the reason.
SELECT m.sensor,
       histogram_numeric(m.reading, 3) AS bins,
       max(uniform(1, 10, 7)) AS draw,
       max(randstr(4, 0)) AS tag
FROM metrics
GROUP BY m.sensor
