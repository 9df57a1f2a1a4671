WITH contacts AS (SELECT id, name.first AS first FROM contacts), x AS (SELECT first FROM contacts) SELECT first FROM x;
WITH a (k) AS (SELECT id FROM contacts) SELECT k FROM (WITH b AS (SELECT k FROM a) SELECT k FROM b) t
