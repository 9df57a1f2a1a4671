
SELECT
element_at(relatives, "brother").first, element_at(relatives, "brother").middle
FROM contacts WHERE id = 0

