SELECT id, sum(employer.id) OVER (PARTITION BY address) AS s
FROM contacts
