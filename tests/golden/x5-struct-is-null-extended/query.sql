SELECT customer IS NULL FROM orders
