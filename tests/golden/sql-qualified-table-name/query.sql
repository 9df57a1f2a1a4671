-- A catalog's table `sales.orders` is named in full; `crm.customers` finds the table
-- `customers` (a catalog is one namespace). Columns may be qualified by the table's name as
-- written or by any end of it.
SELECT sales.orders.customer.name, orders.amount FROM sales.orders;
SELECT crm.customers.address.city, customers.id FROM crm.customers WHERE address.zip LIKE '9%'
