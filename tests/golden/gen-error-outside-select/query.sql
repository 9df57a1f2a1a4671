SELECT id FROM contacts WHERE size(explode(tags)) > 0
