-- UNPIVOT: an Expand (one row per column), then EXCLUDE NULLS' filter.
SELECT * FROM sales UNPIVOT (amount FOR quarter IN (q1, q2 AS second));

-- A field of the value column: spark reads the unpivoted structs whole (reason expand).
SELECT id, quarter, amount.units
FROM sales UNPIVOT INCLUDE NULLS (amount FOR quarter IN (s1, s2)) AS u;

-- Several value columns, widened to a common type; the default names join the columns.
SELECT * FROM sales UNPIVOT ((a, b) FOR quarter IN ((q1, q2) AS first_half, (q3, q4)));

-- A value column whose columns are read to different depths elsewhere: read whole.
SELECT n, a.units, b
FROM sales UNPIVOT INCLUDE NULLS ((a, b) FOR n IN ((s1, s1.price), (s2, s1.price)));

-- Over a subquery, with the alias's qualifier.
SELECT u.id, u.q FROM (SELECT id, q1, q2 FROM sales) UNPIVOT (q FOR k IN (q1, q2)) u
WHERE u.k = 'q2';

-- PIVOT: grouped by every other column; each aggregate reads its argument per value.
SELECT * FROM sales PIVOT (sum(q1) FOR region IN ('east', 'west' AS w));

-- Several aggregates: names join the value and the aggregate; fields are read as fields.
SELECT * FROM sales PIVOT (sum(q1) AS total, max(s1.units) FOR region IN ('east', 'west'));

-- Several pivot columns, rows of values; first() skips the nulls the pivot makes.
SELECT * FROM sales
PIVOT (count(*) AS c, first(q1) AS f FOR (region, id) IN (('east', 1) AS e1, ('west', 1)));

-- PIVOT then UNPIVOT, both over a FROM item.
SELECT * FROM (SELECT id, region, q1 FROM sales)
PIVOT (sum(q1) FOR region IN ('east', 'west'))
UNPIVOT (total FOR region IN (east, west));

-- A value column nothing reads is not made, and its fields are not read.
SELECT id, quarter FROM sales UNPIVOT INCLUDE NULLS (amount FOR quarter IN (s1.units, s2.price));

-- Grouping sets over an UNPIVOT: its name column is a key, a field of an id is aggregated.
SELECT quarter, count(s1.price) AS priced
FROM sales UNPIVOT INCLUDE NULLS (amount FOR quarter IN (q1, q2))
GROUP BY GROUPING SETS ((quarter), (quarter), ());
