SELECT s.b, extra FROM events
