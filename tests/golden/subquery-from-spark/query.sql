SELECT x.first FROM (SELECT name AS x, id FROM contacts WHERE id > 0) s
