"""The replay viewer: a kept game (a finished game, a game in progress, a saved copy or
a sample) stepped through move by move on its own table, from one seat's view or, once
the game is over, with every card face up.

- :mod:`.model`: the positions of the game, replayed through the engine when the save is
  opened, and what the table shows of one of them (no move is ever offered);
- :mod:`.scene`: the table in a read-only mode, with the replay's buttons, keys, seat
  chooser and log;
- :mod:`.slider`: the slider over the moves;
- :mod:`.opening`: opening a save to replay it (a save that does not replay exactly is
  refused with a message), or a game the statistics count;
- :mod:`.recent`: the statistics screen's rows of recent games (the screen is given
  :func:`.opening.open_record` by the main menu: the screens import no table).
"""
