SELECT c.name.first, d.depName FROM contacts c JOIN departments d ON c.id = d.contactId
