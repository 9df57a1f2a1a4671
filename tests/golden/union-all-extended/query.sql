SELECT n.last FROM (SELECT name AS n FROM contacts WHERE name.first = 'x' UNION ALL SELECT named_struct('first', depName, 'middle', depName, 'last', depName) AS n FROM departments) u
