select name.middle, name from contacts
