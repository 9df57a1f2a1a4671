-- A qualified name that matches no table is an error, not the table of the same last part.
SELECT b.u FROM nosuch.t
