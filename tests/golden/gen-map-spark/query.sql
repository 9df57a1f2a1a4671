-- explode over a map: key and value (Spark reads the map whole).
SELECT v.first FROM contacts LATERAL VIEW explode(relatives) t AS k, v;
SELECT k FROM contacts LATERAL VIEW explode(relatives) t AS k, v;
SELECT id, key, value.last FROM (SELECT id, explode(relatives) FROM contacts);
