-- An unknown qualified table: suggested by its whole name, else by its last part.
SELECT id FROM crm.customer
