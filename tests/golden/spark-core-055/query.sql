SELECT transform(filter(friends, friend -> friend.last = 'Smith'), friend -> friend.first) FROM contacts WHERE p = 1
