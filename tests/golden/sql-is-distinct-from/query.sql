-- IS [NOT] DISTINCT FROM is null-safe: NOT (a <=> b) and (a <=> b), never NULL.
SELECT a, a IS DISTINCT FROM b AS differ, s.x IS NOT DISTINCT FROM b AS same
FROM t
WHERE s.y IS DISTINCT FROM 'skip'
