-- posexplode whose position nothing reads: Spark's ColumnPruning keeps re-pruning the unused
-- column, so its generator rule never runs and both columns cross whole (§6.2); used, it prunes.
SELECT c.first, name.first FROM contacts LATERAL VIEW posexplode(friends) t AS pos, c;
SELECT pos, c.first, name.first FROM contacts LATERAL VIEW posexplode(friends) t AS pos, c;
