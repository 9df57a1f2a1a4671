SELECT f.sku, f.qty FROM orders LATERAL VIEW explode(items) t AS f
