SELECT /*+ REPARTITION(0) */ id FROM contacts
