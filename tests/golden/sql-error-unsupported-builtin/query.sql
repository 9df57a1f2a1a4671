-- A Spark built-in prune-plan does not support yet is named so, with the reason: here a
-- tumbling time window, whose struct Spark's analyzer builds (TimeWindowing). Its call is
-- taken for a user-defined function, so a field of its result cannot be taken.
SELECT window(event.ts, '1 hour').start AS hour, count(*) AS events
FROM clicks
GROUP BY window(event.ts, '1 hour');
