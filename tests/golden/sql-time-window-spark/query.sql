-- Spark's TimeWindowing: window() is a column, `window`, which a Project computes over a
-- Filter of non-NULL times; the aggregate groups by it and reads its bounds. Only the time
-- leaf of `event` is read (and `user`), under Spark's rules as under extended.
SELECT user, window.start, window.end, count(*) AS clicks
FROM clicks
GROUP BY user, window(event.ts, '5 minutes')
ORDER BY user, start;
