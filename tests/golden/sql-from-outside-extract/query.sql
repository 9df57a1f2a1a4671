-- `field FROM source` is EXTRACT's syntax only: SQL's substring(s FROM i) is a syntax error.
-- (With a one-word first argument, substring(id FROM 2), the message names EXTRACT; the
-- analyzer's unit tests pin that one.)
SELECT substring(visit.page FROM 2) FROM events
