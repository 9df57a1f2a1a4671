-- Spark: "Can only star expand struct data types" — an array of structs is not one.
SELECT id, arr.*
FROM t
