SELECT filter(friends, friend -> friend.last = 'Smith').first IS NOT NULL FROM contacts WHERE p = 1
