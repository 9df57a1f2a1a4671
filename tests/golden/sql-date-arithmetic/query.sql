-- A date plus or minus a number of days is date_add or date_sub, as Spark resolves the
-- operator; the pruned scan reads the two dates and the promise, not the carrier.
SELECT id,
       shipment.ordered + promised_days AS due,
       datediff(shipment.shipped, shipment.ordered) AS took
FROM orders
WHERE shipment.shipped > shipment.ordered + promised_days
   OR shipment.shipped - 1 > DATE '2024-06-30'
;
-- Date fields group as Spark's Year, Quarter and DayOfWeek (1 is Sunday).
SELECT year(shipment.ordered) AS y, quarter(shipment.ordered) AS q,
       dayofweek(shipment.shipped) AS shipped_on, count(*) AS n
FROM orders
GROUP BY ALL
ORDER BY y, q, shipped_on
