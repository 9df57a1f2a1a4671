SELECT transform(rule_results, (r, i) -> r.rule_version + i) FROM events
