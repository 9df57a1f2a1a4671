select contacts.name.middle from contacts, departments where contacts.id = departments.contactId
