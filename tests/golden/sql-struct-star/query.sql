-- Spark's UnresolvedStar.expand: `t.*` is the table; any other qualifier is a column or a
-- field path, which must be a struct, expanded to one `s.f AS f` per field (named as the
-- schema spells it). The whole struct is read; `s.inner.*` reads s.inner only.
SELECT id, S.*, t.other.*
FROM t
WHERE s.x > 0
ORDER BY x;
SELECT x.s.inner.*, x.*
FROM t x
