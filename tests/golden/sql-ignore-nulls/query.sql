-- IGNORE NULLS outside a window: first, last and any_value's ignoreNulls argument.
SELECT id, first(s) IGNORE NULLS AS f, last(place.city) IGNORE NULLS AS l,
       any_value(place.zip) IGNORE NULLS AS a, first(s) RESPECT NULLS AS r
FROM t GROUP BY id ORDER BY id;
