SELECT rank() OVER (PARTITION BY address) FROM contacts
