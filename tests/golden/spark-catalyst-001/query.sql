SELECT transform(event.rules, x -> named_struct('a', x.a, 'c', x.c)) FROM t
