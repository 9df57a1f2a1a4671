SELECT c.name.middle FROM contacts c JOIN departments d ON c.employer = d.employer
