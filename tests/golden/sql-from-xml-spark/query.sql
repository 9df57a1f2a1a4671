-- Spark 4's XML functions: from_xml's struct schema types the fields taken from its result,
-- and to_xml writes a struct whole; each reads only the fields its arguments read.
SELECT id,
       from_xml(e.payload, 'page STRING, ms INT').page AS page,
       to_xml(named_struct('ref', e.ref, 'ms', e.ms), map('rootTag', 'event')) AS doc
FROM events
WHERE from_xml(e.payload, 'page STRING, ms INT').ms > 100
