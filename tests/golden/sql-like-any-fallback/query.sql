-- A pattern that is not a string literal (a column, NULL) makes LIKE ANY a chain of LIKE
-- predicates joined by OR, LIKE ALL by AND, each negated under NOT (Spark's AstBuilder).
SELECT s.x LIKE ANY ('a%', s.w) AS any_of,
       s.x NOT ILIKE ALL ('A%', s.w),
       s.y LIKE ALL ('q%', NULL)
FROM t
