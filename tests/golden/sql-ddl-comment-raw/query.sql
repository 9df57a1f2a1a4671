-- A raw string comment (r'...') is kept as written, backslashes included.
SELECT s.a FROM t
