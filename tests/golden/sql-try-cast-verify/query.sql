-- TRY_CAST is Spark's Cast with evalMode TRY: printed try_cast(...) / TRY_CAST(...), a cast
-- column keeps its name (ResolveAliases matches any Cast of a named expression), and --verify
-- gives NULL where CAST raises (CAST_INVALID_INPUT, CAST_OVERFLOW, an invalid date).
SELECT a,
       try_cast(s.n AS INT) AS n,
       try_cast(s.big AS INT) AS small,
       TRY_CAST(s.d AS DATE) AS day,
       try_cast(s.n AS INT) + 1
FROM t
WHERE try_cast(s.n AS INT) IS NULL OR a > 0
ORDER BY a
