-- Spark's special call forms, desugared as Spark's AstBuilder does: position(a IN s) is
-- StringLocate named locate (start 1); trim([BOTH|LEADING|TRAILING] [c] FROM s) is trim, ltrim
-- or rtrim, named TRIM(BOTH c FROM s) when it has characters and printed trim(s, Some(c)) /
-- trim(s, None) in plans; substring(s FROM p [FOR l]) and substr(...) are Substring named
-- substring (its default length 2147483647); overlay(s PLACING r FROM p [FOR l]) is Overlay
-- (its default length -1). Each reads only the fields it names: person.bio is not read.
SELECT position('-' IN person.code) AS dash,
       position('a', person.name),
       locate('a', person.name, 2),
       trim(person.name),
       trim(BOTH FROM person.name),
       trim('x' FROM person.code),
       trim(LEADING 'x' FROM person.code),
       trim(TRAILING FROM person.name),
       trim('x', person.code),
       substring(person.name FROM 2),
       substr(person.name FROM 2 FOR n),
       substr(person.name, 2),
       overlay(person.code PLACING '**' FROM 2),
       overlay(person.code PLACING '**' FROM 2 FOR n)
FROM t
WHERE person.tag IS NOT NULL
