SELECT d.contactId, c.name.middle FROM departments d LEFT OUTER JOIN contacts c ON d.contactId = c.id
