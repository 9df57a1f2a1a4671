select name.first from contacts where employer.company.name = 'abc' and p = 1
