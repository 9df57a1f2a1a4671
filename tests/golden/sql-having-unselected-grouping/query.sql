-- Spark's ResolveAggregateFunctions: a grouping column that HAVING or ORDER BY reads and the
-- select list does not output is added to the Aggregate's list, and a Project restores the
-- select list above the Filter; the Sort over it then adds the column to that Project
-- (ResolveReferencesInSort), so a second Project restores the select list above the Sort.
SELECT sum(g.v) AS total
FROM t
GROUP BY n
HAVING n > 10
ORDER BY n DESC;
-- ORDER BY alone: the grouping column joins the Aggregate's list directly below the Sort.
SELECT count(*), max(g.k)
FROM t
GROUP BY n
ORDER BY n NULLS LAST
