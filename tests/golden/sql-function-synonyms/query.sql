-- Synonyms of Spark's registry: mod(a, b) is Remainder (a % b) named mod(a, b); ceiling is
-- Ceil by its alias; the cast functions int(x), bigint(x), double(x), string(x), boolean(x),
-- date(x), timestamp(x) are Spark's castAlias: a Cast the query did not write, so the
-- column is named after its argument alone. m.note is not read.
SELECT mod(m.qty, 3),
       mod(m.price, 2),
       ceiling(m.price),
       int(m.price),
       bigint(m.qty),
       double(m.qty),
       string(m.qty),
       boolean(m.flag),
       date(m.day),
       timestamp(date(m.at)) AS midnight
FROM t
