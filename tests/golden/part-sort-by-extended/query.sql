SELECT name.first, name.last
FROM (SELECT /*+ REPARTITION(2) */ * FROM contacts)
SORT BY name.first DESC, name.last
