-- stack(n, ...): n rows of the values, dealt column by column.
SELECT id, stack(2, name.first, name.last) AS (n) FROM contacts;
SELECT id, a, b FROM contacts LATERAL VIEW stack(2, name.first, 1, name.last, 2) s AS a, b;
