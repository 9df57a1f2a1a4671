-- Multi-unit interval literals are one ANSI interval from the largest unit to the smallest,
-- printed as Spark prints it.
SELECT INTERVAL 1 DAY 2 HOURS AS a, INTERVAL 2 HOURS 30 MINUTES AS b,
       INTERVAL 1 YEAR 2 MONTHS AS c, INTERVAL 1 WEEK 3 SECONDS AS e,
       INTERVAL 1 MINUTE 1.5 SECONDS AS f, INTERVAL -1 DAY 2 HOURS AS g,
       a + INTERVAL 1 DAY 30 MINUTES AS h
FROM t;

-- A minus sign after the interval is subtraction, not another unit.
SELECT a - INTERVAL 1 DAY - INTERVAL 2 HOURS FROM t;
