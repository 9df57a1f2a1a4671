-- Spark's parser casts to string where a CAST names char(n) or varchar(n)
-- (CharVarcharUtils.replaceCharVarcharWithStringForCast), nested types included: the
-- plan, the column names and the rows all show string, and nothing is padded or cut.
SELECT CAST(id AS VARCHAR(1)) AS id_text,
       CAST(upper(code) AS CHAR(2)),
       s.tag::varchar(3) AS tag,
       TRY_CAST(s AS STRUCT<tag: CHAR(1), n: INT, unused: INT>).tag AS whole_tag
FROM t
