-- The difference of two dates is Spark's SubtractDates, an INTERVAL DAY; of two timestamps, or
-- of a timestamp and a date (cast to a timestamp), SubtractTimestamps, an INTERVAL DAY TO
-- SECOND (ANSI intervals: spark.sql.legacy.interval.enabled is off). Only the fields read.
SELECT visit.day - account.renews FROM events;
SELECT id FROM events WHERE account.renews - visit.day > INTERVAL '30' DAY;
SELECT visit.at - account.renews AS since, visit.at - visit.at < INTERVAL '1' HOUR FROM events;
