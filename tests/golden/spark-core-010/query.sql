select name.middle, address from contacts where p=2
