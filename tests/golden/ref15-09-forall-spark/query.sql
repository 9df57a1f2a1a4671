SELECT transform(rule_results, r -> r.score), meta.src FROM events WHERE forall(rule_results, r -> r.rule_version > 0)
