-- A generator in an aggregating select list runs over the Aggregate, which computes its
-- arguments as _gen_input_<i> (Spark's ExtractGenerator).
SELECT explode(collect_list(id)) FROM contacts;
SELECT name.last, explode(collect_list(name.first)) AS f, count(*) AS n FROM contacts GROUP BY name.last;
SELECT posexplode(array(max(id), min(id))) AS (p, v) FROM contacts;
SELECT name.last, explode(collect_list(name.first)) AS f FROM contacts GROUP BY ALL;
SELECT explode(collect_list(f.first)) FROM contacts LATERAL VIEW explode(friends) t AS f;
