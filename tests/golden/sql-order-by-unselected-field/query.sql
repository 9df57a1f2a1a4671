-- Spark's ResolveReferencesInSort: a sort key over a column the select list does not output
-- adds the whole column (name#1, not name#1.first) to the Project below the Sort, and a
-- Project above the Sort restores the select list. The read schema is the union of the
-- clauses as before: name.first only.
SELECT id FROM contacts ORDER BY name.first
