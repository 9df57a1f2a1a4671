SELECT customer IS NULL, id FROM orders WHERE customer.address IS NOT NULL
