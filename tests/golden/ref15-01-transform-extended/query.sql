SELECT transform(rule_results, r -> named_struct('id', r.rule_public_id, 's', r.score)) FROM events
