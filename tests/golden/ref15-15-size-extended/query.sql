SELECT size(rule_results) FROM events
