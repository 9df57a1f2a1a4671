-- A field name holding NUL (or any control character) is refused, as in DDL: printed in
-- the read schema and the plan, it would write a raw NUL to standard output.
SELECT id FROM t
