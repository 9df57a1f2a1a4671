-- Date and time functions as Spark's classes, in the UTC session zone: their plans list the
-- zone, their column names do not; to_date(x) is CAST(x AS DATE) once replaced.
SELECT date_trunc('HOUR', visit.at) AS hour_start, hour(visit.at) AS h,
       weekofyear(visit.day) AS week, count(*) AS visits
FROM events
WHERE to_date(visit.at) >= trunc(DATE '2024-03-31', 'MM')
GROUP BY ALL
ORDER BY hour_start;
SELECT id, last_day(account.renews), add_months(account.renews, 1) AS next_renewal,
       minute(visit.at), second(visit.at), weekday(visit.day)
FROM events
ORDER BY id
;
-- EXTRACT(field FROM source) names the column as written and is the field's function once
-- replaced; SECOND keeps the fraction.
SELECT extract(YEAR FROM visit.day), extract(DOW_ISO FROM visit.day) AS iso_dow,
       date_part('SECOND', visit.at) AS s
FROM events
WHERE extract(QUARTER FROM account.renews) = 1
