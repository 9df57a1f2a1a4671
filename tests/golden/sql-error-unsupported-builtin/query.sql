-- A Spark built-in prune-plan does not support yet is named so, with the reason: here a
-- session window, whose aggregation merges overlapping sessions (Spark's SessionWindowing).
-- Its call is taken for a user-defined function, so a field of its result cannot be taken.
SELECT session_window(event.ts, '10 minutes').start AS session, count(*) AS events
FROM clicks
GROUP BY session_window(event.ts, '10 minutes');
