SELECT sum(id) OVER w FROM contacts WINDOW v AS (ORDER BY id)
