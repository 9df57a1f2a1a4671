SELECT id FROM contacts c JOIN contacts d ON c.id = d.id
