-- ILIKE ANY lower-cases its patterns as Spark's UTF8String.toLowerCase; only ASCII is
-- lower-cased here, so a non-ASCII pattern is refused rather than changed differently.
SELECT s.x ILIKE ANY ('a%', 'É%') FROM t
