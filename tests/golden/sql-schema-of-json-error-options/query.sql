-- schema_of_json's options change the inference, and are not modelled.
SELECT schema_of_json('[{"col": 01}]', map('allowNumericLeadingZeros', 'true')) FROM events
