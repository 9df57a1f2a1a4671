-- ANSI intervals from nested fields: differences, `*` and `/` by numbers, months added to
-- dates, casts and aggregates, all evaluated by --verify as months and microseconds. Only the
-- fields used are read.
SELECT id,
       session.ended - session.started AS duration,
       (session.ended - session.started) / 2 AS half,
       session.day + make_ym_interval(0, plan.months) AS renews,
       CAST(session.ended - session.started AS STRING) AS shown
FROM sessions
WHERE session.ended - session.started > INTERVAL 30 MINUTES;

SELECT plan.name,
       sum(session.ended - session.started) AS total,
       avg(session.ended - session.started) AS mean,
       max(session.ended - session.started) * 1.5 AS padded
FROM sessions
GROUP BY plan.name;
