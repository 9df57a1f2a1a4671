-- Ranking aggregated rows: the Window is over the Aggregate, which computes what it reads.
SELECT name.last, count(*) AS n, rank() OVER (ORDER BY count(*) DESC) AS r,
       sum(count(*)) OVER (PARTITION BY employer.company.name) AS company_total
FROM contacts
GROUP BY name.last, employer.company.name;

-- An aggregate around a window, over HAVING's Filter, with ORDER BY an aggregate not listed.
SELECT address, max(employer.id) - avg(max(employer.id)) OVER () AS above_mean
FROM contacts
GROUP BY address
HAVING count(*) > 0
ORDER BY min(name.first);

-- TPC-DS q36's shape: a window over ROLLUP, partitioned by grouping() bits.
SELECT name.first, name.last, sum(id) AS total, grouping(name.last) AS g,
       rank() OVER (PARTITION BY grouping(name.first) + grouping(name.last),
                    CASE WHEN grouping(name.last) = 0 THEN name.first END
                    ORDER BY sum(id) DESC) AS r
FROM contacts
GROUP BY ROLLUP (name.first, name.last)
ORDER BY g DESC, r;

-- A window whose order key aggregates makes a query without GROUP BY a global aggregate.
SELECT rank() OVER (ORDER BY max(employer.company.name)) FROM contacts
