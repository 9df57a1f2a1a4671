SELECT id, lag(id, 2) OVER (PARTITION BY address ORDER BY id) AS p FROM contacts
