SELECT to_json(customer.address), CAST(items[0] AS STRING) FROM orders
