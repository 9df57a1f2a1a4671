-- from_json's schema is parsed, so extraction from its result is typed; OptimizeCsvJsonExprs
-- narrows the schema literal to the one field read.
SELECT id,
       from_json(js, 'a INT, b STRUCT<c: ARRAY<BOOLEAN>>, d STRING').b.c AS c,
       from_json(jsa, 'ARRAY<STRUCT<x: INT, y: STRING>>').y AS ys,
       from_csv(csv, 'p INT, q STRING').q AS q,
       name.first
FROM t
