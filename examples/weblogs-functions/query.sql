-- Web requests per host and campaign, with the cart total of their JSON body: parse_url takes
-- the URL apart as java.net.URI does, and schema_of_json types the body from a sample document,
-- so only the three request fields the query uses are read.
SELECT parse_url(req.url, 'HOST') AS host,
       parse_url(req.url, 'QUERY', 'utm_source') AS source,
       sum(from_json(req.body, schema_of_json('{"cart": {"items": 3, "total": 59.5}, "user": "u1"}')).cart.total) AS revenue,
       count(*) AS hits
FROM weblogs
WHERE req.status = 200
GROUP BY ALL
ORDER BY hits DESC, host
