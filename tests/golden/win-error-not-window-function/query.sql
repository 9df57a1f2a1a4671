SELECT upper(address) OVER (ORDER BY id) FROM contacts
