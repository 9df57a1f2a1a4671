SELECT flatten(items.parts).code FROM orders
