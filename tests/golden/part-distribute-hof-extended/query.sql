SELECT transform(friends, f -> f.first) AS firsts
FROM (SELECT * FROM contacts DISTRIBUTE BY id)
