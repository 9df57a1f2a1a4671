-- EXTRACT knows the fields of Spark's DatePart.parseExtractField; any other is an error at
-- the field.
SELECT extract(FORTNIGHT FROM visit.day) FROM events
