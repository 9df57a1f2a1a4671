SELECT * EXCEPT (nosuch) FROM contacts;
SELECT * EXCEPT (name, name.first) FROM contacts;
SELECT * EXCEPT (id, contacts.id) FROM contacts;
SELECT * EXCEPT (id.x) FROM contacts;
SELECT * EXCEPT (name.nosuch) FROM contacts;
SELECT * EXCEPT () FROM contacts;
SELECT count(* EXCEPT (id)) FROM contacts;
TABLE;
SELECT id FROM contacts WHERE id IN (TABLE contacts);
