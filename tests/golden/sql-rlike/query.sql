-- Spark 4 prints RLike as a call, RLIKE(a, p), in the plan (toString) and in the column name
-- (sql); LIKE stays infix. contact is pruned to its email and phone, so both ordinals move.
SELECT contact.phone RLIKE '^\\+1',
       id
FROM t
WHERE contact.email NOT RLIKE '@example\\.com$' AND contact.email LIKE '%@%'
