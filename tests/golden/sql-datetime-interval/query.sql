-- A timestamp or date and an interval, as Spark resolves `+` and `-`: TimeAdd for a
-- timestamp and a day-time interval, date_add of the interval's days for a date and whole
-- days, DateAddYMInterval and TimestampAddYMInterval for months and years. A difference is
-- named as written (`ts - i`, Spark's DatetimeSub) and computed as ts + (-i).
SELECT id,
       session.started + INTERVAL 30 MINUTES AS grace_ends,
       signup + INTERVAL 1 MONTH AS first_renewal,
       session.day - INTERVAL 7 DAYS
FROM sessions
WHERE session.ended >= current_timestamp() - INTERVAL '1' DAY
  AND session.started > TIMESTAMP '2024-01-01 00:00:00' - INTERVAL 1 YEAR
