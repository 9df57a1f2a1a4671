-- Two tables of one catalog (schema.json): events as a DDL string, contacts as Spark
-- StructType JSON with a partition column p. Three statements, numbered 1 to 3.
SELECT id, exists(rule_results, r -> r.score > 0.5) AS any_high
FROM events
WHERE meta.src = 'web';

-- nothing but a comment: an empty statement, skipped
;

SELECT name.last, count(*) AS n
FROM contacts
WHERE p = 1 AND employer.company.name = 'abc'
GROUP BY name.last;

SELECT aggregate(rule_results, CAST(0 AS DOUBLE), (acc, r) -> acc + r.score) AS total
FROM EVENTS
ORDER BY total DESC
LIMIT 10
