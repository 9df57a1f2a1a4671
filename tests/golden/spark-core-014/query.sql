select name.first, name.last from contacts where name.first = 'Jane'
