SELECT /*+ REPARTITION(3, id), COALESCE(2) */ /*+ REBALANCE(name), REPARTITION_BY_RANGE(4, id) */
  id, name
FROM contacts
ORDER BY employer.id
