SELECT transform(friends, (friend, i) -> named_struct('last', friend.last, 'index', i)) FROM contacts WHERE p = 1
