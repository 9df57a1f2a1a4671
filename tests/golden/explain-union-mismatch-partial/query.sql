-- The second input reads customer.address.city below the UNION (its WHERE): its column c is
-- pruned to name and address.city, so the first input reads address.city too, and the two
-- inputs' types of c agree (reason union_mismatch).
SELECT c.name FROM (SELECT customer AS c FROM orders
                    UNION ALL
                    SELECT customer AS c FROM orders WHERE customer.address.city = 'Oslo') u
