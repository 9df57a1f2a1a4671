select map_values(relatives).middle[0], p from contacts
