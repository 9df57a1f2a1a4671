-- schema_of_json of a constant document is folded to the type Spark infers (keys sorted,
-- integers BIGINT, [1, 2.5] an ARRAY<DOUBLE>): from_json takes it as its schema, so the field
-- read from the result is typed, and only the top-level field `user` is parsed.
SELECT id,
       schema_of_json('{"user": {"name": "x", "age": 1}, "tags": [1, 2.5]}') AS inferred,
       from_json(ev.payload, schema_of_json('{"user": {"name": "x", "age": 1}}')).user.age AS age
FROM events
