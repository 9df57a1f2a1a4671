-- Each customer's orders, numbered from the latest, with the gap since the one before: the
-- window keys are fields of a struct, computed below the Window as _w0, _w1, ...
SELECT order_id,
       row_number() OVER (PARTITION BY customer.id ORDER BY placed DESC) AS latest_first,
       datediff(placed, lag(placed) OVER (PARTITION BY customer.id ORDER BY placed)) AS days_since
FROM orders
ORDER BY order_id;

-- A running count of the books each city has ordered, and the best review of them so far,
-- over a named window with a ROWS frame.
SELECT order_id, customer.city AS city,
       sum(size(books)) OVER w AS books_so_far,
       max(array_max(books.review.stars)) OVER w AS best_review
FROM orders
WINDOW w AS (PARTITION BY customer.city ORDER BY order_id ROWS UNBOUNDED PRECEDING)
ORDER BY order_id;

-- Orders of customers who rated a book four stars or more in another order (a correlated EXISTS),
-- ranked within their city by the price of their first book.
SELECT o.order_id,
       rank() OVER (PARTITION BY o.customer.city ORDER BY o.books[0].price DESC) AS rank_in_city
FROM orders o
WHERE EXISTS (SELECT 1 FROM orders p
              WHERE p.customer.id = o.customer.id AND p.order_id <> o.order_id
                AND exists(p.books, b -> b.review.stars >= 4))
ORDER BY o.order_id;
