SELECT transform(c.friends, f -> f.first) FROM contacts c JOIN departments d ON c.id = d.contactId
