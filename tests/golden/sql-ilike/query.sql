-- ILIKE is LIKE over both sides in lower case (Spark's ILike.replacement); the column keeps
-- the name ilike(a, p). `ilike` is no reserved word: here it is also a column.
SELECT s.x ILIKE 'ab%' AS starts, s.y NOT ILIKE '%!_Z' ESCAPE '!', ilike FROM t
WHERE ilike > 0
