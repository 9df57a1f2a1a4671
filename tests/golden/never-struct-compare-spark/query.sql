SELECT id FROM orders WHERE customer = named_struct('id', 1L, 'name', 'a', 'address', named_struct('city', 'c', 'zip', 'z'))
