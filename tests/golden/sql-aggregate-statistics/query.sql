-- Spark's statistical aggregates and its other common ones: each reads only the fields it
-- names, and grouping by region needs them to be aggregates (they were read as unknown
-- scalar functions before, and the query was rejected).
SELECT region,
       approx_count_distinct(customer.name) AS customers,
       stddev(amount) AS spread,
       var_pop(size(items)) AS basket_variance,
       max_by(customer.name, amount) AS top_customer,
       any_value(customer.tier) AS some_tier,
       mean(amount),
       corr(amount, size(items))
FROM orders
GROUP BY region
ORDER BY region
