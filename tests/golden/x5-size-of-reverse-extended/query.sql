SELECT size(reverse(items)) FROM orders
