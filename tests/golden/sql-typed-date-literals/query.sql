-- Typed date/time literals are checked as Spark's parser checks them and print as Spark's
-- Literal.toString (in EXPLAIN) and Literal.sql (in column names), the session zone being UTC.
SELECT TIMESTAMP '2020-01-01' AS x,
       DATE '2020-1-2' AS d,
       DATE ' 2021-03-04T05:06:07 ',
       DATE '999999-3-18',
       TIMESTAMP '2020-01-01T10:11:12.50+02:00',
       TIMESTAMP_LTZ '2020-01-01 01:00:00 UTC+2',
       TIMESTAMP_NTZ '2020-01-01 10:11:12.123456789 -08:00',
       DATE 'epoch'
FROM t
WHERE s.day >= DATE '2024-1-1' AND s.at < TIMESTAMP '2024-06-30 23:59:59.9Z'
