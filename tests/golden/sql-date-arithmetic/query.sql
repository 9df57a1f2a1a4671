-- A date plus or minus a number of days is date_add or date_sub, as Spark resolves the
-- operator; the pruned scan reads the two dates and the promise, not the carrier.
SELECT id,
       shipment.ordered + promised_days AS due,
       datediff(shipment.shipped, shipment.ordered) AS took
FROM orders
WHERE shipment.shipped > shipment.ordered + promised_days
   OR shipment.shipped - 1 > DATE '2024-06-30'
