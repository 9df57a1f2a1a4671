-- from_avro reads its Avro schema as the query is analysed: a record that refers to itself is
-- an error unless the option recursiveFieldMaxDepth (1 to 12) says how deep to read it.
SELECT from_avro(payload, '{"type": "record", "name": "Node", "fields": [
                   {"name": "v", "type": "int"},
                   {"name": "next", "type": ["null", "Node"]}]}', map()) AS node
FROM events
