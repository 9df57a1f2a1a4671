-- String and math functions with Spark's printed names (SQRT, POWER; pow and sign by
-- their aliases): each reads only the fields it names, so customer.note is not read.
SELECT initcap(customer.name) AS name,
       replace(customer.city, ' ') AS city,
       instr(customer.name, 'a') AS a_at,
       repeat('*', qty) AS stars,
       len(customer.city),
       SQRT(amount), pow(amount, 2), POWER(qty, 0.5), ln(amount), log10(amount), sign(qty - 2)
FROM orders
WHERE customer.name RLIKE '^[a-z]'
