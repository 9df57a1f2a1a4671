-- A window over a select list's generator: the Generate is below the Window's Project.
SELECT id, explode(friends) AS f,
       row_number() OVER (PARTITION BY name.last ORDER BY id) AS rn
FROM contacts;

-- A window reading lateral column aliases, which Projects below compute.
SELECT id, employer.company AS co, upper(co.name) AS up,
       dense_rank() OVER (PARTITION BY up ORDER BY id DESC) AS r
FROM contacts
