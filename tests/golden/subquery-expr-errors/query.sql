SELECT (SELECT id, s FROM t) FROM t;
SELECT id FROM t WHERE s.x IN (SELECT id, s.x FROM t);
SELECT id FROM t WHERE s.y IN (SELECT s FROM t);
SELECT transform(array(id), v -> (SELECT max(id) FROM t)) FROM t;
SELECT id FROM t ORDER BY EXISTS (SELECT 1 FROM t);
SELECT id FROM t WHERE EXISTS (SELECT 1 FROM t u WHERE u.id = nosuch.id)
