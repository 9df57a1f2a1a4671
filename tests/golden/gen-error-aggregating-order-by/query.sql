SELECT name.last, explode(collect_list(name.first)) AS f FROM contacts GROUP BY name.last ORDER BY count(*)
