-- left and right (calls, although the words are reserved for joins) are planned as Spark
-- replaces them; lpad, rpad, startswith, contains and regexp_replace carry the defaults
-- Spark's builders add (the pad's space, the position 1), and IF prints as Spark's If.
SELECT id,
       left(visit.referrer, 1) AS initial,
       right(visit.page, 2) AS tail,
       lpad(account.plan, 6) AS padded,
       rpad(visit.referrer, 3, '.'),
       regexp_replace(visit.page, '/', '_'),
       if(contains(visit.page, 'x'), 'x', 'other') AS kind
FROM events
WHERE startswith(visit.page, '/') OR account.plan IS NULL
ORDER BY id
