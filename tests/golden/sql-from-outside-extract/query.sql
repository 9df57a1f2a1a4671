-- `x FROM y` in a call is the syntax of EXTRACT, TRIM, SUBSTRING and OVERLAY only (Spark's
-- grammar has no other): in any other call it is an error at FROM, naming the forms.
SELECT upper(visit.page FROM 2) FROM events
