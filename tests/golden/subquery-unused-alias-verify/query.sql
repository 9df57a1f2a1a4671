-- o2 is never read: Spark drops it, so its out-of-range subscript raises nowhere.
SELECT o1 FROM (SELECT c0 AS o1, c1[1] AS o2 FROM t) s
