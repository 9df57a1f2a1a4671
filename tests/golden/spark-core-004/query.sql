select name.middle from contacts
