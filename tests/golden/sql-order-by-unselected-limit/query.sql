-- The Project that restores the select list sits right above the Sort (Spark resolves the
-- Sort before the Limit above it sees it), so LIMIT and OFFSET stay on top.
SELECT name.last FROM contacts ORDER BY pets DESC, employer.company.name LIMIT 3 OFFSET 1
