-- arrays_zip names its field as the access was written (V); the pruned access takes the
-- schema's name (v), and the field taken from the zip is still found (names resolve
-- case-insensitively). Found by the property generator: an internal error before.
SELECT arrays_zip(c5.V)[0].V FROM t
