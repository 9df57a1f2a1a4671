-- Lateral column aliases (Spark 3.4+): an item may name an alias an earlier item defines.
-- `l` and `big` are computed by a Project below the select list's; `n2` reads `n`, which
-- reads `l`, so it takes a Project of its own. Of name only `last` is read (its ordinal is
-- rewritten where `l` is computed); items is read whole, as `big` outputs it.
SELECT name.last AS l,
       length(l) AS n,
       n * 2 AS n2,
       filter(items, i -> i.qty > 1) AS big,
       size(big) AS big_count
FROM orders
ORDER BY id
