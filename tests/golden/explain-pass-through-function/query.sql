SELECT reverse(items)[0].sku FROM orders
