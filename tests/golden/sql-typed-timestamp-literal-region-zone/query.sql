-- A region-based zone needs a time-zone database, which prune-plan does not have.
SELECT a
FROM t
WHERE ts > TIMESTAMP '2024-03-10 02:30:00 America/Los_Angeles'
