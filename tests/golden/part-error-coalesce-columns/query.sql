SELECT /*+ COALESCE(2, id) */ id FROM contacts
