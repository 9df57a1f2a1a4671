-- TIMESTAMP_NTZ is TimestampNTZType; TIMESTAMP_LTZ is TimestampType, as TIMESTAMP is by default.
SELECT TIMESTAMP_NTZ '2020-01-01 00:00:00' AS ntz,
       TIMESTAMP_LTZ '2020-01-01 00:00:00' AS ltz,
       timestamp_ntz r'2021-06-30 12:00:00',
       Timestamp_Ltz "2021-06-30 12:00:00"
FROM t
WHERE s.x > 0
