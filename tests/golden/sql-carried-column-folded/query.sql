-- A column a Project below the select list carries up (for a lateral alias, for a sort key)
-- and that simplify then folds out of every use: named_struct(...).p reads only tags, so
-- `note` is read by nothing, and the rewritten Projects no longer pass it on (the scan does
-- not output it).
SELECT id AS i,
       named_struct('p', size(tags), 'q', note).p AS n,
       i + n AS total
FROM t
ORDER BY named_struct('a', id, 'b', note).a
