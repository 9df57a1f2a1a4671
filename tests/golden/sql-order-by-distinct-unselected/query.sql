-- Spark adds no column to a Distinct's child (SPARK-17863: it would change which rows are
-- distinct), so the key cannot be resolved: UNRESOLVED_COLUMN.WITH_SUGGESTION.
SELECT DISTINCT id, name.last FROM contacts ORDER BY upper(name.first)
