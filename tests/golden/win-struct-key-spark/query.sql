SELECT id, count(*) OVER (PARTITION BY name ORDER BY employer.company) AS c
FROM contacts
