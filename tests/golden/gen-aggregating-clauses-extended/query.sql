-- Over a generator in an aggregating select list, HAVING filters the Aggregate below the
-- Generate; DISTINCT, ORDER BY (on the select list's columns), OFFSET and LIMIT apply to the
-- select list the Project above restores.
SELECT name.last, explode(collect_list(name.first)) AS f FROM contacts GROUP BY name.last
HAVING count(*) > 1;
SELECT name.last AS l, explode(collect_list(name.first)) AS f FROM contacts GROUP BY name.last
ORDER BY f DESC, l LIMIT 2 OFFSET 1;
SELECT DISTINCT explode(collect_list(employer.company.name)) AS c FROM contacts
HAVING max(id) > 0;
