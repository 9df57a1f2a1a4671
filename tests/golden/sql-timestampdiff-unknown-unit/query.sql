-- The unit of timestampdiff and timestampadd is one of Spark's datetimeUnit words; another
-- word (or a string) is an error at the unit.
SELECT timestampdiff(HOURS, visit.start, visit.stop) FROM t
