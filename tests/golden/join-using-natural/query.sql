SELECT * FROM (SELECT id, name.first AS f FROM contacts) a JOIN (SELECT contactId AS id, depName FROM departments) b USING (id);
SELECT id, a.id, b.id FROM (SELECT id FROM contacts) a FULL JOIN (SELECT contactId AS id FROM departments) b USING (id);
SELECT * FROM (SELECT id, address FROM contacts) a NATURAL JOIN (SELECT contactId AS id, depName FROM departments) b
