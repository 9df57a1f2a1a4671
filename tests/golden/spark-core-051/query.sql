SELECT reverse(friends).first FROM contacts WHERE p = 1
