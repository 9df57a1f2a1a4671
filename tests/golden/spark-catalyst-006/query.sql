SELECT array_sort(event.rules, (l, r) -> coalesce(l.c - r.c, 0)).a FROM t
