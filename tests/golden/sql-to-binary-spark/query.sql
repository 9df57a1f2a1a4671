-- unbase64 decodes as Java's MIME decoder (what is not base64 is skipped); to_binary takes a
-- constant format ('hex' by default) and raises CONVERSION_INVALID_INPUT for malformed text,
-- which try_to_binary makes NULL. Each reads its text whole: only msg.body and msg.hex.
SELECT id,
       unbase64(msg.body) AS raw,
       try_to_binary(msg.body, 'BASE64') AS strict_raw,
       to_binary(msg.hex) AS bytes,
       try_to_binary(msg.hex, 'utf-8') AS utf8
FROM messages
