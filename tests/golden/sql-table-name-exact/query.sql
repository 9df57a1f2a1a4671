-- `spark_catalog.db.t` and `db.t` are the catalog's `db.t`, and `t` is its `t`: each name is
-- analysed against its own schema, never another table's.
SELECT a.x FROM spark_catalog.db.t;
SELECT a.y FROM DB.T;
SELECT b.u FROM t
