-- A struct is orderable only when every field is: props is a map.
SELECT array_sort(rules) FROM t
