-- format_number reads its number whole (only order.total); --verify formats as Java's
-- DecimalFormat does: grouped by threes, rounded half-even (0.125 is a tie, 2.675 a double
-- just below one), a negative number of places gives NULL.
SELECT id,
       format_number(o.total, 2) AS total,
       format_number(o.total, 0) AS rounded,
       format_number(o.qty, o.places) AS qty
FROM orders
