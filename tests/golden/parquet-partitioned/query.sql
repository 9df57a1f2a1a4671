SELECT payload FROM events WHERE year = 2024 AND country = 'NO'
