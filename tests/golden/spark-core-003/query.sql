select count(*) from contacts
