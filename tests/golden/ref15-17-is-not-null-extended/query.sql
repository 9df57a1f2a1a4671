SELECT meta.src FROM events WHERE meta IS NOT NULL
