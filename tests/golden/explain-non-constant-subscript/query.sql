SELECT items[id].sku FROM orders
