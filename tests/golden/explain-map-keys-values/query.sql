SELECT map_keys(tags)[0] FROM orders
