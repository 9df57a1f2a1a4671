SELECT size(items), items[0].sku FROM orders
