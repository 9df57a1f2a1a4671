-- Nothing of the generated column is read: Spark explodes the element's smallest field
-- (GenerateOptimization, SPARK-37450); extended reads one leaf of the element.
SELECT count(*) FROM (SELECT explode(friends) AS friend FROM contacts);
SELECT count(*) FROM contacts LATERAL VIEW explode(relatives) t AS k, v;
SELECT id FROM contacts LATERAL VIEW explode(friends) t AS f;
