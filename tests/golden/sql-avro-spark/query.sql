-- Spark 4's Avro functions (with spark-avro loaded): from_avro's Avro schema types the fields
-- taken from its result (a union with null is nullable, other unions are structs of members),
-- and to_avro writes its value whole. The binary column is one leaf, read whole.
SELECT id,
       from_avro(e.payload, '{"type": "record", "name": "Click", "fields": [
                   {"name": "page", "type": "string"},
                   {"name": "ms", "type": ["null", "int"]},
                   {"name": "ref", "type": ["string", "long"]}]}', map()).page AS page,
       to_avro(named_struct('page', e.page, 'ms', e.ms)) AS encoded
FROM events
WHERE from_avro(e.payload, '"long"', map('mode', 'PERMISSIVE')) > 0
