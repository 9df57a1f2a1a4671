SELECT transform(friends, friend -> named_struct('first', friend.first, 'last', friend.last)) FROM contacts WHERE p = 1
