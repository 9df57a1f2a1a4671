-- A select alias (f) is an output the Sort reads from the Project; address and name are not
-- outputs, so both are carried below the Sort (each once, in order of first use) and
-- dropped above it. `name.last` does not name the alias's column: it reads the relation.
SELECT name.first AS f, pets
FROM contacts
WHERE id > 0
ORDER BY address DESC, f, upper(name.last), name.middle
