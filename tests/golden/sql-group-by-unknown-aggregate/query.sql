-- An aggregate prune-plan does not know is read as a scalar user-defined function, so its
-- argument is not grouped: the error says so.
SELECT region, median(amount) FROM orders GROUP BY region
