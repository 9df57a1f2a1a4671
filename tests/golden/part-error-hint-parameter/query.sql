SELECT /*+ REPARTITION(3, id + 1) */ id FROM contacts
