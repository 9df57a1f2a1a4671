-- Bitmaps of distinct ids, as Spark's bitmap functions build them: each id's bucket groups the
-- rows, its bit position sets one bit of the bucket's 4096-byte bitmap, and bitmap_count
-- counts the distinct ids. quote() writes the region for a generated SQL script. Only the
-- fields used are read.
SELECT quote(visit.region) AS region,
       bitmap_bucket_number(visit.user_id) AS bucket,
       bitmap_count(bitmap_construct_agg(bitmap_bit_position(visit.user_id))) AS users,
       substring(hex(bitmap_construct_agg(bitmap_bit_position(visit.user_id))), 1, 8) AS head
FROM visits
WHERE visit.user_id IS NOT NULL
GROUP BY visit.region, bitmap_bucket_number(visit.user_id)
ORDER BY region, bucket;
