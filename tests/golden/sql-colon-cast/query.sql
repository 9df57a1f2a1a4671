-- Spark 4's `e::type` (castByColon) is the Cast that CAST(e AS type) builds: a postfix like
-- `.f` and `[i]`, so `-a::int` negates the cast and `a + s.n::int` casts s.n only. It prints
-- and is named as the CAST is (a cast column keeps its name: `a::string` is `a`).
SELECT a::string,
       -a::bigint AS neg,
       a + s.n::int AS total,
       s.xs::array<int>[0] AS first_x,
       b::int::string AS twice
FROM t
WHERE s.n::int > 0
ORDER BY a
