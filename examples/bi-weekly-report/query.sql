-- A weekly report as a BI tool writes one: a qualified table name, the last seven days
-- by date arithmetic, date fields to group by, and Spark's approximate and statistical
-- aggregates.
SELECT year(e.event_date) AS y,
       month(e.event_date) AS m,
       e.user.country AS country,
       approx_count_distinct(e.user.id) AS users,
       avg(e.session.seconds) AS avg_seconds,
       stddev(e.session.seconds) AS sd_seconds,
       max_by(e.user.plan, e.amount) AS top_plan
FROM analytics.events e
WHERE e.event_date > DATE '2024-03-10' - 7
GROUP BY ALL
ORDER BY y, m, country
