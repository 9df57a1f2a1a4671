-- explode in the select list, the other items carried through the Generate; a subquery reads
-- one field of the generated column (SPARK-34638), then two (Spark reads the element whole).
SELECT id, explode(friends) AS friend FROM contacts;
SELECT friend.first FROM (SELECT explode(friends) AS friend FROM contacts);
SELECT friend.first, friend.last FROM (SELECT id, explode(friends) AS friend FROM contacts);
