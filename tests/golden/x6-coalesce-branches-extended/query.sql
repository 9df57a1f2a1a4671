SELECT coalesce(customer.address, named_struct('city', '?', 'zip', '?')).city FROM orders
