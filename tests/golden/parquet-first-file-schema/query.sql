SELECT s.b FROM events
