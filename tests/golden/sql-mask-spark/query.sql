-- mask fills the replacements not given ('X', 'x', 'n', NULL: keep), so plans show five
-- arguments; it reads what its input reads.
SELECT mask(card.number) AS number, mask(card.holder, 'Q', NULL, 'd', '*') AS holder
FROM cards
