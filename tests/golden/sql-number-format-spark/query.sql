-- Number format patterns: to_number reads amounts written with a currency sign, thousands
-- separators and a trailing sign into a DECIMAL of the pattern's digits; to_char prints numbers
-- by a pattern (and is date_format of a date). Only the fields used are read.
SELECT id,
       to_number(payment.amount, '$99,999.99S') AS amount,
       try_to_number(payment.note, '9999') AS code,
       to_char(payment.fee, '000.00') AS fee,
       to_varchar(payment.fee * -1, '999.99PR') AS refund,
       to_char(payment.day, 'yyyy-MM') AS month
FROM payments
WHERE to_number(payment.amount, '$99,999.99S') > 10;
