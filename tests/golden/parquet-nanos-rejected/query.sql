SELECT ts FROM events
