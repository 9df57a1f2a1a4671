SELECT transform(rule_results, r -> r) FROM events
