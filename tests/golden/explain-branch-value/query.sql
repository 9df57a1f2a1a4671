SELECT coalesce(customer.address, named_struct('city', 'x', 'zip', 'y')).city FROM orders
