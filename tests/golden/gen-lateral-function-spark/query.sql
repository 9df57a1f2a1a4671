-- A generator as a LATERAL function in FROM (SPARK-41961): after a comma or JOIN, and chained.
SELECT friend.first FROM contacts, LATERAL explode(friends) t(friend);
SELECT e.f.last FROM contacts CROSS JOIN LATERAL explode(friends) AS e(f);
SELECT id, f.first, t FROM contacts JOIN LATERAL explode(friends) AS e(f), LATERAL explode(tags) AS u(t);
