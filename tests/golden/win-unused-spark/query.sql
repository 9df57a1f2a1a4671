SELECT id, c
FROM (SELECT id, rank() OVER (PARTITION BY name ORDER BY address) AS r,
             count(*) OVER (PARTITION BY employer.id) AS c,
             max(friends) OVER (ORDER BY id) AS m
      FROM contacts)
