SELECT array_compact(event.rules).a FROM t
