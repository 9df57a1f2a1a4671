-- * EXCEPT leaves out columns; a field left out rebuilds its struct (never null, as Spark's
-- named_struct), and only the fields kept are read.
SELECT * EXCEPT (friends, relatives, tags, name.middle, employer.company.address) FROM contacts;
SELECT c.* EXCEPT (c.id, name, address, friends, relatives, tags) FROM contacts c WHERE employer.id > 0;
SELECT name.* EXCEPT (middle), struct(* EXCEPT (id, name, friends, relatives, employer)) AS s FROM contacts;
SELECT x.name.first FROM (SELECT * EXCEPT (address, name.last) FROM contacts) x;
-- TABLE t is the table itself as a query, in FROM, in a set operation and in IN.
TABLE contacts;
SELECT t.name.first FROM (TABLE contacts) t UNION ALL SELECT name.last FROM contacts;
SELECT id FROM contacts WHERE id IN (TABLE ids) AND address IN (VALUES ('a'), ('b'));
SELECT 0 AS n UNION ALL TABLE ids;
-- IDENTIFIER('…') names a column or a table by a string literal.
SELECT IDENTIFIER('name').first, IDENTIFIER('c.id') FROM IDENTIFIER('contacts') c WHERE IDENTIFIER('`employer`.id') > 0;
-- FROM-first: each SELECT a query block over the FROM items (a scan of its own), several a UNION ALL.
FROM contacts c SELECT c.name.first, id WHERE id > 1 SELECT name.last, employer.id;
FROM contacts SELECT count(*) AS n, address GROUP BY address HAVING count(*) > 0 ORDER BY address LIMIT 2;
