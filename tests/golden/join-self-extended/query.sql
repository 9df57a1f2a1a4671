SELECT a.name.first, b.name.last FROM contacts a JOIN contacts b ON a.id = b.id
