-- `l` is the alias of a later item: a lateral alias must come before its use (Spark: the
-- column `l` cannot be resolved).
SELECT length(l) AS n, name.last AS l FROM orders
