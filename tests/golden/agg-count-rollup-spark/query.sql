-- Spark's CollapseGroupedSumOfCount (SPARK-57043): the sum of a count(*) over a finer grouping
-- is a count over the coarser one, so name.last, a key only the finer grouping used, is not read.
SELECT id, SUM(cnt) AS n
FROM (SELECT id, name.last, COUNT(*) AS cnt FROM contacts WHERE name.first IS NOT NULL
      GROUP BY id, name.last)
GROUP BY id;

-- MAX or MIN of a key the upper Aggregate groups by collapses too.
SELECT id, max(id) AS top, sum(cnt) AS n
FROM (SELECT id, name.last AS last, count(*) AS cnt FROM contacts GROUP BY id, name.last)
GROUP BY id;

-- Not collapsed: a count of a column (nulls are not counted), try_sum, a MAX of a key the upper
-- Aggregate does not group by, no key at all below.
SELECT id, sum(cnt) FROM (SELECT id, name.last, count(pets) AS cnt FROM contacts GROUP BY id, name.last) GROUP BY id;
SELECT id, try_sum(cnt) FROM (SELECT id, name.last, count(*) AS cnt FROM contacts GROUP BY id, name.last) GROUP BY id;
SELECT id, max(last), sum(cnt) FROM (SELECT id, name.last AS last, count(*) AS cnt FROM contacts GROUP BY id, name.last) GROUP BY id;
SELECT sum(cnt) FROM (SELECT count(*) AS cnt FROM contacts);
