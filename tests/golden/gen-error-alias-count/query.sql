SELECT posexplode(friends) AS f FROM contacts
