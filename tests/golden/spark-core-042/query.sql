SELECT transform(friends, friend -> friend.LaSt) FROM contacts WHERE p = 1
