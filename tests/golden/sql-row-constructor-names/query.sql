-- A row constructor with names is struct(e AS name, ...); a field of it reads the field.
SELECT (id AS key, place.city AS city).city AS c, (id AS key, s) AS r FROM t;

-- Rows in IN compare by position: field names need not match (Spark's In).
SELECT id, (id, s) IN ((1, 'b'), (2, 'd')) AS hit, (place.city, place.zip) IN (('Rome', '3')) AS rome FROM t;
