-- REGEXP is Spark's other name for RLIKE, and rlike, regexp and regexp_like are functions of
-- Spark's registry binding the same RLike: the plan prints RLIKE(a, p) for every one, the
-- column name the upper case of the name called (REGEXP(a, p), REGEXP_LIKE(a, p)); the infix
-- forms are named RLIKE. rlike( is a call although RLIKE is reserved. contact.note is not read.
SELECT contact.email REGEXP '@example\\.com$',
       rlike(contact.phone, '^\\+1'),
       regexp(contact.city, '^[A-Z]'),
       regexp_like(contact.city, 'o'),
       id
FROM t
WHERE contact.email NOT REGEXP '^admin@'
