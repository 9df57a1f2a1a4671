SELECT id, name FROM contacts UNION SELECT depId FROM departments
