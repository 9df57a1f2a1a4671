SELECT array_sort(items, (l, r) -> l.qty - r.qty)[0].sku FROM orders
