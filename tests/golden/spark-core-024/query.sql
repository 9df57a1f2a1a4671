
SELECT
element_at(friends, 1).first, element_at(friends, 1).last
FROM contacts WHERE id = 0

