-- A Spark built-in prune-plan does not support is named so, with the reason: here collate,
-- which needs collated string types. Its call is taken for a user-defined function, so a
-- field of its result cannot be taken.
SELECT collate(named_struct('page', body), 'UTF8_LCASE').page AS page,
       count(*) AS events
FROM clicks
GROUP BY 1;
