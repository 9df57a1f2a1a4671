-- Spark 4's shift operators: shiftleft, shiftright and shiftrightunsigned under the
-- operator's name, binding tighter than & and looser than +.
SELECT id,
       flags.mask << 2 AS up,
       flags.level >> 1 AS down,
       -flags.mask >>> 28 AS unsigned_down,
       flags.mask + 1 << 1 & 6 AS mixed
FROM t
