-- The inner function's input is computed from the outer lambda's variable: its element's
-- uses (here a size, read through array_repeat) are uses of `o`, replayed onto `orders`.
SELECT transform(orders, o -> transform(array_repeat(o.lines, 2), l -> size(l))) AS sizes
FROM customers
