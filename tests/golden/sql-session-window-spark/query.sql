-- Spark's SessionWindowing: session_window() is a column, `session_window`, which a Project
-- computes ([time, time + gap), the gap folded to Spark's CALENDAR INTERVAL literal) under a
-- Filter of non-NULL times; Spark's physical aggregation then merges overlapping sessions.
-- Only the time leaf of `event` is read. (--verify refuses it: the gap is a CALENDAR INTERVAL.)
SELECT user, session_window.start, session_window.end, count(*) AS clicks
FROM clicks
GROUP BY user, session_window(event.ts, '10 minutes')
ORDER BY user, start;
