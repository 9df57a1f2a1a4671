SELECT explode(friends) IS NULL FROM contacts
