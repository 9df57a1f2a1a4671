-- inline: each field of the element is a column (Spark reads the element whole, SPARK-38529).
SELECT first FROM contacts LATERAL VIEW inline(friends) t AS first, middle, last;
SELECT id, last FROM (SELECT id, inline(friends) FROM contacts);
