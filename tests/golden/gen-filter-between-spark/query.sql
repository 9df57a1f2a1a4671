-- A WHERE on a generated column sits between the select list and the Generate: Spark's rule
-- needs a Project right above it, so name crosses whole (op-114); a WHERE on the child's own
-- columns moves below the Generate and does not get in the way.
SELECT name.first, f FROM contacts LATERAL VIEW explode(friends.first) t AS f WHERE f = 'Susan';
SELECT name.first, f.last FROM contacts LATERAL VIEW explode(friends) t AS f WHERE f.first = 'Susan';
SELECT name.first, f.last FROM contacts LATERAL VIEW explode(friends) t AS f WHERE id > 1;
-- A WHERE over a subquery that reads a generated column is pushed down onto the Generate too.
SELECT id, friend.last FROM (SELECT id, explode(friends) AS friend FROM contacts) WHERE friend.first = 'Bob';
-- A WHERE on the child's columns is planned below the Generate, right over the scan, where
-- Spark's lambda pruning applies to it.
SELECT id, f.first FROM contacts LATERAL VIEW explode(friends) t AS f WHERE exists(friends, x -> x.last = 'B');
