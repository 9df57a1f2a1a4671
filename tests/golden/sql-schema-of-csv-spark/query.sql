-- schema_of_csv infers a sample line's type as Spark's CSV reader does, and folds to it: the
-- fields of from_csv's result are typed, and only the columns used are read.
SELECT id,
       schema_of_csv('7,north,2024-03-15,2.5') AS sample_type,
       from_csv(r.line, schema_of_csv('7,north'))._c1 AS region
FROM readings
WHERE from_csv(r.line, schema_of_csv('7,north'))._c0 > 1
