-- encode(str, charset) and decode(bin, charset) (StringDecode, the two-argument form of
-- decode) read their arguments whole; --verify encodes and decodes in Spark 4's charsets
-- (UTF-16 writes a byte-order mark, big-endian).
SELECT id,
       hex(encode(p.name, 'UTF-16')) AS utf16,
       hex(encode(p.name, 'iso-8859-1')) AS latin1,
       decode(p.raw, 'UTF-8') AS text
FROM people
