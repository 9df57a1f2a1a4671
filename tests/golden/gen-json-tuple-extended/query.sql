-- json_tuple reads its arguments (strings) whole; its columns are c0, c1, ... unless aliased.
-- Spark's GeneratorNestedColumnAliasing does not prune through json_tuple (canPruneGenerator),
-- so under spark the struct holding the argument, and every carried column read above, are
-- read whole; extended reads the one leaf.
SELECT id, json_tuple(event.payload, 'user', 'amount') FROM events;
SELECT id, u, a FROM events LATERAL VIEW json_tuple(event.payload, 'user', 'amount') j AS u, a
WHERE a IS NOT NULL;
SELECT e.id, j.c0 FROM events e LATERAL VIEW OUTER json_tuple(e.event.meta.raw, 'k') j;
SELECT count(*) FROM events LATERAL VIEW json_tuple(event.payload, 'user') j AS u;
