-- A typed INTERVAL literal (a string without units) is a CALENDAR INTERVAL: plans print
-- CalendarInterval.toString, names Spark's Literal.sql; subtracting it adds its negation.
SELECT e.id,
       e.at + INTERVAL '1 week 2 hours' AS due,
       e.at - INTERVAL '90 minutes'
FROM events
WHERE e.at > e.created + INTERVAL '1 day'
