-- Percentiles and the most frequent value are aggregates (median is Spark's Percentile at
-- 0.5): grouping by region keeps them, and each reads only the fields it names. Without
-- its third argument, percentile and percentile_approx get Spark's default (frequency 1,
-- accuracy 10000) as a child, as the column names show.
SELECT region,
       median(amount) AS typical,
       percentile(size(items), array(0.25, 0.75)),
       percentile_approx(customer.since, 0.5) AS typical_since,
       mode(customer.tier) AS usual_tier
FROM orders
GROUP BY region
ORDER BY region
