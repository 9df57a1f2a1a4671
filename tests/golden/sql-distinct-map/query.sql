-- DISTINCT compares whole rows, and no map can be compared (Spark:
-- UNSUPPORTED_FEATURE.SET_OPERATION_ON_MAP_TYPE).
SELECT DISTINCT id, tags FROM t
