SELECT * FROM explode(array(1, 2));
SELECT x, y FROM inline(array(named_struct('a', 1, 'b', 'z'))) AS t(x, y);
SELECT key, value FROM explode(map(1, named_struct('x', 1)));
SELECT id, n FROM contacts, LATERAL stack(1, 7) AS s(n) WHERE id = 1
