SELECT transform(rule_results, r -> concat(r.rule_public_id, meta.src)) FROM events
