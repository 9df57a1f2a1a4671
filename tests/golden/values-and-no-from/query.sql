SELECT v.a, v.b FROM VALUES (1, 'x'), (2, 'y') AS v(a, b);
SELECT 1 + 1 AS two;
SELECT c.id, v.tag FROM contacts c JOIN (VALUES (1, 'one')) AS v(id, tag) ON c.id = v.id
