SELECT size(filter(items, x -> x.qty > 0)) FROM orders
