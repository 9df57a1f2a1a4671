-- --explain: each leaf is read where the query calls window(), whose Expand copies it.
-- A sliding window whose slide does not divide its length: an Expand of ceil(7 / 3) = 3
-- windows per reading, under a Filter that keeps the windows holding the time. The time is a
-- string, cast to a timestamp as Spark's implicit cast does. WHERE calls window(), so the
-- Expand is below the WHERE's Filter, which reads the window's start.
SELECT device, window.start, avg(reading.value) AS mean
FROM readings
WHERE window(reading.at, '7 minutes', '3 minutes').start >= TIMESTAMP '2021-01-01 00:00:00'
GROUP BY device, window
ORDER BY device, start;
