-- The CTE's column list names the CTE's columns, not those of the aliased table inside it.
WITH w(d1) AS (SELECT c0 FROM t a) SELECT d1 FROM w
