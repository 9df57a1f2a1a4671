-- --verify evaluates no Java date pattern: date_format is refused, with the statement.
SELECT date_format(visit.at, 'yyyy-MM') AS month FROM events
