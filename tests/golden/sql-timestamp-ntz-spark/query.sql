-- TIMESTAMP_NTZ and TIMESTAMP_LTZ makers and parsers: Spark's MakeTimestamp and
-- ParseToTimestamp with their result types, convert_timezone between UTC and GMT, and the
-- difference of two local times (an INTERVAL DAY TO SECOND). Only the fields used are read.
SELECT id,
       make_timestamp_ntz(event.year, event.month, event.day, 9, 30, 0) AS opens,
       try_make_timestamp_ltz(event.year, event.month, event.day + 40, 0, 0, 0) AS later,
       to_timestamp_ntz(event.local, 'yyyy-MM-dd HH:mm') AS local_start,
       convert_timezone('UTC', 'GMT', to_timestamp_ntz(event.local, 'yyyy-MM-dd HH:mm')) AS shown,
       to_timestamp_ntz(event.local, 'yyyy-MM-dd HH:mm')
           - make_timestamp_ntz(event.year, event.month, event.day, 0, 0, 0) AS since_midnight
FROM events
WHERE to_timestamp_ltz(event.local) < TIMESTAMP '2024-06-01 00:00:00';
