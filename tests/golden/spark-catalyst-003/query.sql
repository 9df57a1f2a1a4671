SELECT exists(event.rules, x -> x.c > 0) FROM t
