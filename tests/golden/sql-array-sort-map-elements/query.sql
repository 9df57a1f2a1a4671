-- array_sort without a comparator orders the elements themselves, as Spark's ArraySort checks
-- (RowOrdering.isOrderable): a map is not orderable, nor a struct or array holding one.
SELECT array_sort(tags) FROM t
