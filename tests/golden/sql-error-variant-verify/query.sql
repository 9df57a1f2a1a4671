-- --verify refuses a query that reads a VARIANT value: Spark's binary variant encoding is not
-- modelled (the statement is refused, with the reason).
SELECT id, variant_get(v, '$.k[0]', 'int') AS k0 FROM t
