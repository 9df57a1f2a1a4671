-- An aggregate's FILTER (WHERE ...) reads its own fields: s.y is read only for the filter.
SELECT b,
       count(*) FILTER (WHERE a > 1) AS big,
       sum(s.x) FILTER (WHERE s.y = 'z') AS zx,
       count(DISTINCT a) FILTER (WHERE s.y IS NOT NULL) AS named
FROM t
GROUP BY b
ORDER BY b
