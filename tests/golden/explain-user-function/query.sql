SELECT my_udf(customer) FROM orders
