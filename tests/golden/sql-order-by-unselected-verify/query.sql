-- --verify evaluates the Project that restores the select list over the Sort: the result has
-- the select list's columns only, in the order of the sort-only keys s.k and s.v.
SELECT id, size(tags) AS n
FROM t
WHERE id > 1
ORDER BY s.k DESC NULLS LAST, s.v
