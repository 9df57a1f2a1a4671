SELECT transform(friends, friend -> named_struct('first', friend.first, 'friend', friend)) FROM contacts WHERE p = 1
