-- Data checks as Spark writes them: assert_true is NULL when its condition holds, else it
-- raises USER_RAISED_EXCEPTION; raise_error raises its message. Each reads only the fields
-- its condition and message read.
SELECT id,
       assert_true(o.qty > 0, concat('no quantity in order ', o.ref)) AS checked,
       assert_true(o.price IS NOT NULL) AS priced,
       CASE WHEN o.qty > 100 THEN raise_error(concat('bulk order ', o.ref)) END AS bulk
FROM orders
