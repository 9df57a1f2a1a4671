-- Spark's ResolveWindowTime: window_time(w) of a window column, here one a subquery groups by
-- and renames, is a column a Project computes over the FROM clause, the window's end less a
-- microsecond (the window's last instant). Only the time leaf of `event` is read.
SELECT user, w.start AS first_instant, window_time(w) AS last_instant, clicks
FROM (SELECT user, window AS w, count(*) AS clicks
      FROM clicks
      GROUP BY user, window(event.ts, '5 minutes'))
ORDER BY user, first_instant;
