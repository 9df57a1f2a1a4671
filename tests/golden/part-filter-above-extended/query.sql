SELECT employer.id AS employer_id
FROM (SELECT /*+ REPARTITION(100) */ * FROM contacts)
WHERE employer.company.address IS NOT NULL
