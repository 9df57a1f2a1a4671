SELECT count(DISTINCT id) OVER (PARTITION BY address) FROM contacts
