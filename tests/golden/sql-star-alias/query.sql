-- A star stands for several columns, so it takes no alias (Spark: INVALID_USAGE_OF_STAR_OR_REGEX).
SELECT id, name.* AS n FROM t
