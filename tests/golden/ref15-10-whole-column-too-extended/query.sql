SELECT transform(rule_results, r -> r.score), rule_results FROM events
