-- HAVING next to a lateral alias in an aggregating select list: HAVING reads the alias `total`
-- and adds count(*) to the Aggregate; the list, count(*) with it, is lifted into a Project over
-- the Aggregate, and a Project over the Filter restores the select list.
SELECT name.last AS who, sum(size(items)) AS total, total * 2 AS twice
FROM orders
GROUP BY name.last
HAVING total > 0 AND count(*) > 1
