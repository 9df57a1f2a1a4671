SELECT id FROM orders ORDER BY customer.address
