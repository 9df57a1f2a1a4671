-- Spark reads a sign and the digits after it as one number only when blanks or comments stand
-- between them: -(1) negates the literal 1 (named (- 1)), -1 and - /* c */ 2 are literals.
SELECT s.y, -(1), -1, - /* c */ 2, -(s.x) FROM t
