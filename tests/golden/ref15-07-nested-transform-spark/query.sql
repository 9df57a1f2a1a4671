SELECT transform(rule_results, r -> transform(r.items, it -> it.v)) FROM events
