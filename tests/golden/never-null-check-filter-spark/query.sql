-- Profiles nest: `spark` never reads more than `legacy`. `filter`'s result is a selected field
-- from SPARK-57176 on, not under `legacy`: there its input is a required root, which drops the
-- optional root of `c IS NOT NULL`, and so must the optional root `spark` finds (property seed
-- 5000170 read all of c under `spark`, c.b under `legacy`).
SELECT c IS NOT NULL AS present, filter(c.b, e -> true) IS NOT NULL AS has_b FROM t
