SELECT rule_results[0].score, transform(rule_results, r -> r.rule_version) FROM events
