-- LIKE ANY|SOME|ALL with string literal patterns is one predicate each (Spark: LikeAny, LikeAll,
-- NotLikeAny, NotLikeAll, named by their operand alone); ILIKE lower-cases the operand and the
-- patterns. `any` before a parenthesis is the quantifier here, not the aggregate.
SELECT s.x LIKE ANY ('ab%', '%z') AS any_of,
       s.x LIKE SOME ('a%'),
       s.y NOT LIKE ALL ('q%', '%z'),
       s.x ILIKE ALL ('A%', '%c'),
       s.y NOT LIKE any('q_z')
FROM t
WHERE k > 0
