SELECT size(items) FROM orders
