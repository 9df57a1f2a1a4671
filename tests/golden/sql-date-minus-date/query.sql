-- The difference of two dates (Spark's SubtractDates, an interval) is not implemented; it
-- stays a type error (datediff gives the days).
SELECT visit.day - account.renews FROM events
