SELECT inline(tags) FROM contacts
