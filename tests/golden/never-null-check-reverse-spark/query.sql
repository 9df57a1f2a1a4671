-- Profiles nest: `spark` never reads more than `legacy`. Spark's 2026 rules take
-- element_at(reverse(c3.qty), -1) under IS NULL for a selected field, an optional root where
-- `legacy` finds the required root c3.qty; like that root, it drops the optional root of
-- `c3 IS NULL` (property seed 90210321957 read all of c3 under `spark`, c3.qty under `legacy`).
SELECT element_at(reverse(c3.qty), -1) IS NULL, c3 IS NULL FROM t
