SELECT array_repeat(customer, 2)[0].name FROM orders
