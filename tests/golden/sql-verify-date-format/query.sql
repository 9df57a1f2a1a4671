-- --verify evaluates Spark's datetime patterns in the UTC session zone: date_format and
-- from_unixtime format, to_date and to_timestamp parse the whole text strictly (try_ forms give
-- NULL where it does not match); an optional section [...] may be missing from the text.
SELECT date_format(visit.at, 'yyyy-MM') AS month,
       date_format(visit.day, 'EEEE d MMMM yyyy') AS day_name,
       from_unixtime(unix_timestamp(visit.at), 'yyyyMMdd hh:mm a') AS compact,
       to_date(date_format(visit.at, 'dd/MM/yy'), 'dd/MM/yy') AS round_trip,
       try_to_timestamp(visit.referrer, 'yyyy') AS not_a_year,
       to_timestamp(date_format(visit.at, 'yyyy-MM-dd HH:mm'), 'yyyy-MM-dd HH:mm[:ss]') AS minute
FROM events
ORDER BY id
