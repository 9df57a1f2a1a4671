SELECT transform(friends, f -> f.first), size(friends) FROM contacts WHERE name IS NOT NULL
