-- Orderable elements sort with the default comparator: a struct of atomic values and arrays,
-- and a map's elements with a comparator of their own.
SELECT array_sort(scores), array_sort(tags, (l, r) -> size(l) - size(r)) FROM t
