-- Spark rejects February 29 of a year that is not a leap year (INVALID_TYPED_LITERAL).
SELECT a
FROM t
WHERE d = DATE '1900-02-29'
