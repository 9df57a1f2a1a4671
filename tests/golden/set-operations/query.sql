SELECT name.first FROM contacts INTERSECT SELECT employer.company.name FROM departments;
SELECT name.first FROM contacts EXCEPT ALL SELECT depName FROM departments;
SELECT id FROM contacts UNION ALL SELECT depId FROM departments UNION ALL SELECT 1 ORDER BY 1 DESC LIMIT 3
