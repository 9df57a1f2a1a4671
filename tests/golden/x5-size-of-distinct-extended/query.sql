SELECT size(array_distinct(items)) FROM orders
