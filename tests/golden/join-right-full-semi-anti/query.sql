SELECT c.id FROM contacts c RIGHT JOIN departments d ON c.id = d.contactId;
SELECT c.id, d.depId FROM contacts c FULL OUTER JOIN departments d ON c.id = d.contactId;
SELECT c.name.first FROM contacts c LEFT SEMI JOIN departments d ON c.employer.id = d.employer.id;
SELECT c.name.first FROM contacts c ANTI JOIN departments d ON c.id = d.contactId;
SELECT c.id, d.depName FROM contacts c CROSS JOIN departments d
