SELECT transform(rule_results, r -> r.items[0].v) FROM events
