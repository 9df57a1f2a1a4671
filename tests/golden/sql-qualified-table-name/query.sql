-- A catalog's table `sales.orders` is named in full, optionally after Spark's session catalog
-- `spark_catalog`. Columns may be qualified by the table's name as written or by any end of it.
SELECT sales.orders.customer.name, orders.amount FROM sales.orders;
SELECT address.city, customers.id FROM spark_catalog.customers WHERE address.zip LIKE '9%'
