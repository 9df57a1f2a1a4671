-- struct(e AS name, ...): Spark's CreateStruct takes the alias's name for the field, and the
-- column is named with the alias written (Alias.sql, the name backquoted when it needs to
-- be): struct(person.name AS who, ...). The plan shows the named_struct it builds; a field of
-- it read later prunes through it, so person.bio is not read.
SELECT struct(person.name AS who, person.age, id + 1 AS `next id`),
       struct(person.email AS mail).mail AS mail,
       struct(person.age AS a, id)
FROM t
