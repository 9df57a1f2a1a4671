SELECT transform(items, x -> x.props['k'].v) FROM orders
