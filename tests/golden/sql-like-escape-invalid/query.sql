SELECT s.y LIKE 'a!%' ESCAPE '!!' FROM t;
SELECT s.y LIKE 'a%' ESCAPE '' FROM t;
SELECT s.y RLIKE 'a.*' ESCAPE '!' FROM t;
SELECT s.y LIKE 'a%' ESCAPE s.z FROM t
