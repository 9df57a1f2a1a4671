SELECT id, p, f.first FROM contacts LATERAL VIEW OUTER posexplode(friends) t AS p, f
