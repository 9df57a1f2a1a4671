SELECT filter(rule_results, r -> r.score > 0.5) FROM events
