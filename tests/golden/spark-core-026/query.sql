
SELECT
employer.company, friends[employer.id].first
FROM contacts

