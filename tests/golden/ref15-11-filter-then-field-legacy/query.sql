SELECT filter(rule_results, r -> r.score > 0.5).rule_public_id FROM events
