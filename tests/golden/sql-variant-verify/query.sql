-- A table's VARIANT column that the query does not read does not stop --verify: its values in
-- rows.jsonl may be any JSON, and are never evaluated.
SELECT id, s.a FROM t WHERE s.a > 1
