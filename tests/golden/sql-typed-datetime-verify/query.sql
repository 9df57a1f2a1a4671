-- --verify evaluates the literals the analyzer printed: a zone is applied to TIMESTAMP and
-- dropped from TIMESTAMP_NTZ; CAST of a string goes through the same parser.
SELECT a,
       s.day = DATE '2024-1-2' AS same_day,
       s.at > TIMESTAMP '2024-01-02 12:00:00+02:00' AS after_ten,
       s.local = TIMESTAMP_NTZ '2024-01-02 10:30:00 UTC+5' AS local_match,
       CAST('2024-01-02T12:00:00.5+02:00' AS TIMESTAMP) AS cast_ts
FROM t
WHERE s.day < DATE '2025'
ORDER BY a
