SELECT friends AS fr, explode(fr) AS f FROM contacts
