SELECT isnull(customer), customer IS NULL AS same
FROM orders
WHERE isnotnull(customer.address)
