SELECT /*+ BROADCAST(f), MERGE(nobody), SHUFFLE_HASH, NO_SUCH_HINT(x) */ c.id, f.name.first
FROM contacts c JOIN (SELECT * FROM contacts) f ON c.id = f.id
