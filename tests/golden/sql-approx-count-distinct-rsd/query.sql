-- approx_count_distinct's relative standard deviation is a parameter: a double literal.
SELECT approx_count_distinct(customer.name, 1) FROM orders
