-- A VARIANT cannot be compared: INTERSECT, EXCEPT, UNION and DISTINCT reject a column that
-- holds one, as Spark does (UNSUPPORTED_FEATURE.SET_OPERATION_ON_VARIANT_TYPE).
SELECT id, v FROM t
INTERSECT
SELECT id, v FROM t
