WITH contact_rank AS (
  SELECT row_number() OVER (PARTITION BY address ORDER BY id DESC) AS rank, contacts.*
  FROM contacts
)
SELECT name.first, rank FROM contact_rank
WHERE name.first = 'Jane' AND rank = 4
