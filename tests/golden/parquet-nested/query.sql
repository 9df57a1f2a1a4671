SELECT name.first, transform(items, i -> i.qty * 2) AS q, matrix[0]
FROM events
WHERE size(tags) > 1
