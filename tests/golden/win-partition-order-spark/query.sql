SELECT id, rank() OVER (PARTITION BY name.last ORDER BY name.first) AS r
FROM contacts
