-- decode(x, search, result, ..., default) is planned as Spark replaces it: a CASE of `<=>`
-- tests (a NULL search matches a NULL value); without a default the ELSE is a NULL string,
-- which makes integral results a BIGINT under ANSI. decode(bin, charset): sql-encode-decode-spark.
SELECT decode(status, 'A', 'active', 'I', 'inactive', NULL, 'unknown', 'other') AS state,
       decode(tier.code, 1, 10, 2, 20) AS points
FROM accounts
