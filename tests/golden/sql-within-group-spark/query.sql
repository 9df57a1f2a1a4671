-- Spark 4's WITHIN GROUP (ORDER BY ...): inverse distribution functions take their value from
-- it, listagg its order. The keys are arguments like any other: one leaf of `player` each.
SELECT team,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY player.score) AS median_score,
       percentile_disc(0.25) WITHIN GROUP (ORDER BY player.score DESC) AS high_quartile,
       mode() WITHIN GROUP (ORDER BY player.rank DESC) AS usual_rank,
       listagg(player.name, ', ') WITHIN GROUP (ORDER BY player.rank, id DESC) AS roster,
       string_agg(DISTINCT player.name) WITHIN GROUP (ORDER BY player.name DESC) AS names
FROM t
GROUP BY team
