SELECT filter(friends, friend -> friend.last = 'Smith').first FROM contacts WHERE p = 1
