SELECT address, count(*), rank() OVER (ORDER BY address) FROM contacts GROUP BY address
