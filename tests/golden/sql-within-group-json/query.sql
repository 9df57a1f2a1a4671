-- The JSON plan lists a call's WITHIN GROUP keys as its last children, with their directions.
SELECT listagg(player.name) WITHIN GROUP (ORDER BY player.rank DESC NULLS FIRST) FROM t
