SELECT DISTINCT id, name.first AS f, friends[0].last, relatives['a'].middle, element_at(relatives, 'b'),
       CASE WHEN pets > 1 THEN 'many' WHEN pets IS NULL THEN NULL ELSE 'few' END,
       CAST(id AS STRING), id BETWEEN 1 AND 10, address LIKE 'a%', id IN (1, 2, 3),
       transform(friends, (x, i) -> named_struct('f', x.first, 'i', i)),
       aggregate(friends, 0, (acc, x) -> acc + length(x.first), acc -> acc * 2),
       map_filter(relatives, (k, v) -> v.last = k), X'00ff', 1L, 2S, 3Y, 4D, 5BD, 1.5e3,
       DATE '2024-01-01', TIMESTAMP '2024-01-01 00:00:00', INTERVAL 1 DAY
FROM contacts
WHERE NOT (id = 1 OR id <=> 2) AND exists(friends, f -> f.first = 'x')
ORDER BY id DESC NULLS LAST, name.last
LIMIT 10;
SELECT count(*), max(name.first), employer.company.name FROM contacts GROUP BY employer.company.name HAVING count(*) > 1;
SELECT `id`, "dq", 'it''s', 'tab\tnew\nline\u00e9' /* block */ FROM contacts -- line
;
SELECT name.first, address, count(*), grouping(address), grouping_id() FROM contacts
GROUP BY ROLLUP(name.first), CUBE(address, (pets, id)) HAVING grouping(address) = 0;
SELECT count(*) FROM contacts GROUP BY GROUPING SETS ((name.last), (), CUBE(pets)), id;
SELECT pets, count(*) FROM contacts GROUP BY pets, id WITH CUBE;
SELECT id, (SELECT max(pets) FROM contacts c WHERE c.id = contacts.id) FROM contacts
WHERE EXISTS (SELECT 1 FROM contacts d WHERE d.name.first = contacts.name.last)
  AND id NOT IN (SELECT pets FROM contacts WHERE pets IS NOT NULL);
SELECT * FROM contacts UNPIVOT INCLUDE NULLS ((a, b) FOR n IN ((id, pets) AS p, (pets, id))) AS u;
SELECT * FROM contacts PIVOT (count(*) AS c, max(name.first) FOR (id, pets) IN ((1, 2) AS one, (2, 3)));
