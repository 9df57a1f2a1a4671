SELECT id, explode(tags) FROM contacts GROUP BY id
