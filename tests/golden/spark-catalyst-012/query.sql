SELECT forall(event.rules, x -> x IS NOT NULL) FROM t
