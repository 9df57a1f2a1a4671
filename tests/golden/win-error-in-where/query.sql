SELECT id FROM contacts WHERE row_number() OVER (ORDER BY id) = 1
