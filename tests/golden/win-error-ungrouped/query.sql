SELECT address, rank() OVER (ORDER BY id) FROM contacts GROUP BY address;
SELECT address, sum(employer.id) OVER (PARTITION BY address) FROM contacts GROUP BY address;
SELECT address, count(*) FROM contacts GROUP BY address HAVING rank() OVER (ORDER BY address) > 1;
SELECT address, sum(sum(id) OVER ()) FROM contacts GROUP BY address;
SELECT explode(collect_list(id)), rank() OVER (ORDER BY 1) FROM contacts
