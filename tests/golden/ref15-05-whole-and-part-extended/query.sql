SELECT transform(rule_results, r -> struct(r.details, r.details.a)) FROM events
