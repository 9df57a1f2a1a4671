SELECT array_sort(friends, (l, r) -> CASE WHEN l.last < r.last THEN -1 WHEN l.last > r.last THEN 1 ELSE 0 END).first FROM contacts WHERE p = 1
