-- timestampdiff(unit, a, b) and timestampadd(unit, n, ts) take a unit word (Spark's grammar;
-- AstBuilder keeps it as written, as a string): TimestampDiff and TimestampAdd, time-zone
-- aware, named timestampdiff(...) / timestampadd(...) whichever name was called. datediff,
-- date_diff, dateadd and date_add with a unit are the same; with two arguments they stay
-- DateDiff and DateAdd. A date is cast to a timestamp, the amount to a bigint.
SELECT timestampdiff(HOUR, visit.start, visit.stop) AS hours,
       datediff(day, visit.day, visit.stop),
       date_diff(MONTH, visit.start, visit.stop),
       timestampdiff(MICROSECOND, visit.start, visit.stop),
       timestampadd(MONTH, n, visit.start),
       dateadd(WEEK, 1, visit.day),
       date_add(QUARTER, -1, visit.stop),
       datediff(visit.stop, visit.day),
       date_add(visit.day, n)
FROM t
WHERE visit.page IS NOT NULL
