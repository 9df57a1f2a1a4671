-- Spark 4's VARIANT: a VARIANT column is one leaf, read whole (Spark 4.0 pushes no
-- variant_get path into the scan); parse_json makes one from a string field, to_variant_object
-- from a struct, and variant_get's target type is printed after its children.
SELECT id,
       variant_get(e.props, '$.device.os', 'string') AS os,
       try_variant_get(parse_json(e.raw), '$.tags[0]') AS first_tag,
       schema_of_variant(to_variant_object(e.geo)) AS geo_schema
FROM events
WHERE NOT is_variant_null(e.props) AND CAST(e.props AS STRING) <> '{}'
