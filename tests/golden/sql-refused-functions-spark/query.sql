-- Functions prune-plan types, prints and prunes but --verify cannot compute (XPath, Java's
-- sentence breaking, AES, DataSketches): the plan shows the arguments Spark's constructors add
-- (the empty locale, AES's mode and padding, the sketch's lgConfigK), the scan reads only the
-- fields the calls take. --verify refuses the query, naming the first such call and why.
SELECT doc.source,
       xpath_int(doc.xml, 'sum(a/b)') AS total,
       xpath(doc.xml, 'a/b/text()') AS bs,
       sentences(doc.text) AS words,
       aes_encrypt(doc.secret, doc.key) AS sealed,
       hll_sketch_agg(doc.author) AS authors
FROM docs
GROUP BY doc.source, doc.xml, doc.text, doc.secret, doc.key;
