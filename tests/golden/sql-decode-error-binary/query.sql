-- decode(bin, charset) takes a binary: an int is not cast to one, and the error names decode.
SELECT decode(p.age, 'UTF-8') FROM people
