-- Raw strings keep every backslash; adjacent strings, raw or not, are joined.
SELECT s.y = r'C:\dir' AS is_dir, concat(s.z, r"\n" '\t' R'\') AS tail
FROM t
WHERE s.y <> r'C:\skip;'
