SELECT filter(event.rules, x -> x.a > 0) FROM t
