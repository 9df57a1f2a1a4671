-- LIKE ... ESCAPE: '!' makes the next '%' or '_' literal; '\' is then an ordinary character.
SELECT s.x, s.y LIKE '100!%' ESCAPE '!' AS pct, s.y NOT LIKE 'a!_%' ESCAPE '!' AS not_a_
FROM t
WHERE s.y LIKE '%\%' ESCAPE '!' OR s.y LIKE '_!!%' ESCAPE '!'
