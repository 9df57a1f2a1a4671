SELECT id FROM events WHERE exists(rule_results, r -> r.rule_version > 10)
