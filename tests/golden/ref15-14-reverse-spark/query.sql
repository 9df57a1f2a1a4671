SELECT reverse(rule_results)[0].score FROM events
