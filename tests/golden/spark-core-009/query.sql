select name.middle, p from contacts
