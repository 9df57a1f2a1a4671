-- The outer forms: one row of nulls for a null or empty input; pruned as the inner ones.
SELECT id, f.first FROM contacts LATERAL VIEW OUTER explode(friends) t AS f;
SELECT id, friend.first FROM (SELECT id, explode_outer(friends) AS friend FROM contacts);
SELECT id, p, f.middle FROM contacts LATERAL VIEW posexplode_outer(friends) t AS p, f;
SELECT id, last FROM contacts LATERAL VIEW inline_outer(friends) t AS first, middle, last;
