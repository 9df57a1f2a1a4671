-- current_date and current_timestamp need no parentheses when no column has the name;
-- the column is named by the function's SQL.
SELECT id, current_date, CURRENT_TIMESTAMP FROM orders WHERE shipment.ordered < current_date - 30
