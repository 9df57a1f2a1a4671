-- An aggregate prune-plan does not know (here a user-defined one) is read as a scalar
-- user-defined function, so its argument is not grouped: the error says so.
SELECT region, geo_median(amount) FROM orders GROUP BY region
