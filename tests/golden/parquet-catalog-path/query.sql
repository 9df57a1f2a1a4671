SELECT o.customer.name FROM orders o;
SELECT id FROM events WHERE name.age > 3;
SELECT x FROM plain
