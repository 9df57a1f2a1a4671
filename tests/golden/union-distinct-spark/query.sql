SELECT name.first FROM (SELECT name FROM contacts UNION SELECT name FROM contacts)
