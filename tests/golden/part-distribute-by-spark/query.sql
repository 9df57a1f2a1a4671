SELECT name.first
FROM (SELECT name FROM (SELECT * FROM contacts DISTRIBUTE BY name.first, name.last))
