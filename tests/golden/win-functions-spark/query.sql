SELECT id,
  row_number() OVER w AS rn, dense_rank() OVER w AS dr, percent_rank() OVER w AS pr,
  cume_dist() OVER w AS cd, ntile(2) OVER w AS nt,
  lag(name.first) OVER w AS prev, lead(name.first, 1, 'none') OVER w AS next,
  lag(name.middle) IGNORE NULLS OVER w AS prev_middle,
  nth_value(name.first, 2) OVER w AS second,
  first_value(employer.company.name) IGNORE NULLS OVER w AS company,
  count(*) OVER (PARTITION BY name.last) AS n
FROM contacts
WINDOW w AS (PARTITION BY name.last ORDER BY employer.id DESC NULLS LAST)
ORDER BY id
