SELECT row_number() FROM contacts
