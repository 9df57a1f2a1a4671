SELECT * FROM (SELECT id, address FROM contacts) s(a)
