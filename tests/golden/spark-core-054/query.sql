SELECT slice(friends, employer.id + 1, 1).first, employer.company.name FROM contacts WHERE p = 1
