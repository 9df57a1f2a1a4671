select name.first, name.last from contacts order by name.first, name.last
