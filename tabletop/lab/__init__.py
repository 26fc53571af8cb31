"""The balance lab: many games played headless, and what they say about the cards.

``tabletop simulate GAME`` (:mod:`.cli`) plays games from consecutive seeds in worker
processes (:mod:`.run`) or on a Ray cluster (:mod:`.cluster`); each game is played and
watched by :mod:`.play`, which reports plain data (who won, how long it took, which cards
each seat drew, played and held at the end), so only seeds and plain results cross
process boundaries. :mod:`.summary` turns the results into the report (win rates with
Wilson intervals, per-card effects tested with :mod:`.stats`), :mod:`.report` prints and
draws it, and the app's Balance screen shows the last one.
"""
