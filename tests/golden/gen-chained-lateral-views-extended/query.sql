-- Chained lateral views, each reading the columns of the one before it.
SELECT id, f.first, l FROM contacts
  LATERAL VIEW explode(friends) a AS f
  LATERAL VIEW explode(array(f.last, f.middle)) b AS l;
SELECT a.f.first, t FROM contacts LATERAL VIEW explode(friends) a AS f LATERAL VIEW OUTER explode(tags) b AS t;
