SELECT * FROM contacts c JOIN departments d USING (depId)
