WITH c AS (SELECT id, name FROM contacts) SELECT a.name.first, b.name.last FROM c a JOIN c b ON a.id = b.id
