SELECT transform(rule_results, r -> r.details.a) FROM events
