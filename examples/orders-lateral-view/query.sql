-- Books sold per genre: one row per book of each order (LATERAL VIEW explode), then grouped.
-- Only the genre and the quantity of each book are read.
SELECT b.genre, sum(b.qty) AS copies, count(*) AS lines
FROM orders
LATERAL VIEW explode(books) t AS b
GROUP BY b.genre
ORDER BY copies DESC;

-- Revenue per city over the orders' books, every order kept (OUTER: an order with no books
-- still counts, with a null book).
SELECT customer.city AS city, sum(b.price * b.qty) AS revenue, count(DISTINCT order_id) AS orders
FROM orders
LATERAL VIEW OUTER explode(books) t AS b
GROUP BY customer.city
ORDER BY city;

-- The well-reviewed books, from a FROM subquery that flattens the array in its select list.
SELECT order_id, book.title
FROM (SELECT order_id, explode(books) AS book FROM orders)
WHERE book.review.stars >= 5;
