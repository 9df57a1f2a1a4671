-- Flatten, then aggregate: the generated column read inside aggregates and keys.
SELECT f.first, count(*) AS n FROM contacts LATERAL VIEW explode(friends) t AS f GROUP BY f.first;
SELECT id, max(f.last) FROM (SELECT id, explode(friends) AS f FROM contacts) GROUP BY id;
