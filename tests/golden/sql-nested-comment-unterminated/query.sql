SELECT s.x /* a /* b */ c
FROM t;
SELECT b FROM t
