SELECT id FROM contacts DISTRIBUTE BY name.first
