-- A Spark built-in prune-plan does not support is named so, with the reason: here from_xml,
-- which needs XML parsing. Its call is taken for a user-defined function, so a field of its
-- result cannot be taken.
SELECT from_xml(payload, 'ts TIMESTAMP, page STRING').page AS page, count(*) AS events
FROM clicks
GROUP BY from_xml(payload, 'ts TIMESTAMP, page STRING').page;
