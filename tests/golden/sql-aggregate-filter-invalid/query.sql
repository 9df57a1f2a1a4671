SELECT upper(s.y) FILTER (WHERE a > 1) FROM t;
SELECT count(*) FILTER (WHERE s.x) FROM t;
SELECT count(*) FILTER (WHERE max(a) > 1) FROM t;
SELECT count(*) FILTER (a > 1) FROM t
