-- A pattern letter Spark rejects is refused by --verify with the reason, at the statement:
-- week-based fields (`Y`, `w`) are errors since Spark 3. The statement before it is verified.
SELECT date_format(visit.at, 'yyyy-MM-dd') AS day FROM events;
SELECT date_format(visit.at, 'YYYY-ww') AS week FROM events
