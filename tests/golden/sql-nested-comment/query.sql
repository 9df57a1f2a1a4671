/* Spark's lexer nests bracketed comments: /* this inner one; */ does not end the outer one */
SELECT s.x /* a /* b */ ; c */ FROM t;
SELECT b FROM t /*/ ; */ WHERE a > 1
