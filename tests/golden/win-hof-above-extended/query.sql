SELECT transform(friends, f -> f.first) AS firsts, rn
FROM (SELECT friends, row_number() OVER (ORDER BY id) AS rn FROM contacts)
