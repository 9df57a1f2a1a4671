SELECT id FROM contacts LATERAL VIEW explode(relatives) t AS v
