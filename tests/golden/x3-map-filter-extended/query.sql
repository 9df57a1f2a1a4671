SELECT transform(items, x -> map_filter(x.props, (k, v) -> v.w > 0)) FROM orders
