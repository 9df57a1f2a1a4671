-- parse_url reads its URL whole: only req.url is read. --verify parses as java.net.URI does
-- (my_host is a registry name, not a host; a URL with a space is invalid: try_parse_url
-- gives NULL where parse_url would raise INVALID_URL).
SELECT id,
       parse_url(req.url, 'HOST') AS host,
       parse_url(req.url, 'QUERY', 'id') AS query_id,
       parse_url(req.url, 'FILE') AS file,
       try_parse_url(req.url, 'AUTHORITY') AS authority
FROM requests
