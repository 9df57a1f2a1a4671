SELECT transform(rule_results, r -> r.RULE_VERSION) FROM events
