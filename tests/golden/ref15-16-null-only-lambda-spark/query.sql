SELECT transform(rule_results, r -> r IS NULL) FROM events
