SELECT array_sort(event.rules, (l, r) -> CAST(NULL AS INT)).a FROM t
