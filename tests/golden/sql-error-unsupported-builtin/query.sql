-- A Spark built-in prune-plan does not support is named so, with the reason: here from_avro,
-- which needs an Avro schema and the Avro format. Its call is taken for a user-defined
-- function, so a field of its result cannot be taken.
SELECT from_avro(body, '{"type": "record", "name": "Click", "fields": [{"name": "page", "type": "string"}]}').page AS page,
       count(*) AS events
FROM clicks
GROUP BY 1;
