SELECT name FROM contacts UNION ALL SELECT name FROM contacts
DISTRIBUTE BY name.first SORT BY name.last DESC NULLS FIRST
