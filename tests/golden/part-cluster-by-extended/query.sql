SELECT id, first
FROM (SELECT id, name.first AS first, employer FROM contacts CLUSTER BY first)
WHERE employer.company.name IS NOT NULL
