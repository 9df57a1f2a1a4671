SELECT if(id > 0, customer, NULL).name FROM orders
