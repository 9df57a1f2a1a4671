SELECT explode(friends), explode(tags) FROM contacts
