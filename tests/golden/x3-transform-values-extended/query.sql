SELECT transform(items, x -> transform_values(x.props, (k, v) -> v.w)) FROM orders
