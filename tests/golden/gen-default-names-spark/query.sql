-- Spark's default column names: col, pos, key, value, and the struct's fields for inline.
SELECT explode(tags) FROM contacts;
SELECT posexplode(relatives) FROM contacts;
SELECT inline(friends) FROM contacts;
SELECT posexplode(friends) AS (p, f) FROM contacts;
