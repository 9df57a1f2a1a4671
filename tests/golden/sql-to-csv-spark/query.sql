-- to_csv writes a struct's fields as one CSV line, by position: the struct it is given is read
-- whole (a pruned field would drop a column), while a field taken from a sibling struct beside
-- it is read alone.
SELECT order_id,
       to_csv(shipping.address) AS address_line,
       to_csv(named_struct('city', shipping.address.city, 'day', shipping.day)) AS stop,
       quote(customer.name) AS customer
FROM orders
WHERE shipping.day >= DATE'2024-03-01';
