-- Uncorrelated IN: the value is an ordinary expression, the subquery a query of its own.
SELECT id FROM a WHERE s.x IN (SELECT t.x FROM b);
-- NOT IN with a null among the subquery's values: no row qualifies.
SELECT id FROM a WHERE s.x NOT IN (SELECT t.x FROM b);
SELECT id FROM a WHERE s.x NOT IN (SELECT t.x FROM b WHERE t.x IS NOT NULL);
-- Correlated EXISTS and NOT EXISTS: `spark` reads the correlated columns whole (SPARK-51381).
SELECT s.y FROM a WHERE EXISTS (SELECT 1 FROM b WHERE b.id = a.id AND b.t.w = a.s.z);
SELECT s.y FROM a WHERE NOT EXISTS (SELECT 1 FROM b WHERE b.t.x = a.s.x);
-- Scalar subqueries: uncorrelated, and correlated in the select list.
SELECT id, (SELECT max(t.u) FROM b) AS top FROM a;
SELECT id, (SELECT sum(t.x) FROM b WHERE b.id = a.id) AS total FROM a;
-- In HAVING, in an expression of the select list, and two levels deep.
SELECT s.x, count(*) FROM a GROUP BY s.x HAVING count(*) >= (SELECT count(*) FROM b WHERE t.u > 2);
SELECT id, s.y IN (SELECT t.x FROM b) OR id IS NULL AS found FROM a;
SELECT id FROM a WHERE EXISTS (SELECT 1 FROM b WHERE b.id = a.id AND EXISTS (SELECT 1 FROM b AS c WHERE c.t.w = a.s.z))
