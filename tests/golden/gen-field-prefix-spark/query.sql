-- Spark's generator rule keeps each chain's leading struct fields: `size(item.parts)`
-- (RewriteSizeOfArrayStruct makes it `size(item.parts.weight)`) and `item.parts[0].code` both
-- become `item.parts`, one chain, so the scan reads `items.parts` whole and nothing else.
SELECT pos, size(item.parts) AS n, item.parts[0].code AS first_code
FROM orders LATERAL VIEW posexplode(items) p AS pos, item
