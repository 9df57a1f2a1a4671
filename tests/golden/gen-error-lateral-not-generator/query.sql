SELECT id FROM contacts, LATERAL upper(address) u
