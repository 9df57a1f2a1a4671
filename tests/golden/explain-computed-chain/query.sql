SELECT transform(items, x -> x)[0].sku FROM orders;

-- The need on the built array's elements does not reach the lambda body under spark (X7 lifts it).
SELECT transform(transform(items, x -> customer), c -> c.name) FROM orders;
