-- A typed INTERVAL literal is read as Spark reads it: a unit it does not know is an error at
-- the literal.
SELECT e.at + INTERVAL '2 fortnights' AS later FROM events
