SELECT array_sort(rule_results).rule_public_id FROM events
