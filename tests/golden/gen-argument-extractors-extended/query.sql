-- Extractors inside the generator's argument and on the other columns move below it.
SELECT explode(friends.first) FROM contacts;
SELECT explode(friends.first), friends.middle FROM contacts;
SELECT id, explode(friends.first) AS f, employer.company.name FROM contacts;
