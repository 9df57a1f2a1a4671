SELECT explode(name) FROM contacts
