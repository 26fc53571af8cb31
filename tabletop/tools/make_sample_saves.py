"""Write the sample saves in ``saves/`` (one per game; also save-format fixtures).

    python -m tabletop.tools.make_sample_saves

Each sample (``Game.samples``) is a game between the simple computer players
stopped part-way, so that loading it shows a table in the middle of play.
"""

from __future__ import annotations

from .. import SAMPLE_SAVES_DIR
from ..engine.info import SeatConfig
from ..engine.players import computer_move
from ..engine.rng import Rng
from ..engine.saves import write_save
from ..engine.session import Session
from ..games import GAMES


def make(game_id: str, name: str, options: dict, seed: int, moves: int) -> None:
    game = GAMES[game_id]
    catalog = game.rules.load_catalog(mod_dirs=[])
    count = game.rules.seat_count(game.rules.normalize_options(options))
    seats = [SeatConfig(f"Player {i + 1}", "human" if i == 0 else "computer")
             for i in range(count)]
    session = Session(game, catalog, options, seed, seats)
    rng = Rng(seed)
    player = game.computer_player()
    while len(session.moves) < moves and not session.state.over:
        seat = session.state.actor
        session.play(computer_move(game.rules, session.state, seat, player, rng))
    # stop on a human decision so that a loaded sample is ready to play
    while session.state.actor != 0 and not session.state.over:
        seat = session.state.actor
        session.play(computer_move(game.rules, session.state, seat, player, rng))
    write_save(SAMPLE_SAVES_DIR / name, session)
    print(f"wrote saves/{name}: {len(session.moves)} moves")


def main() -> None:
    for game_id, game in GAMES.items():
        for sample in game.samples:
            make(game_id, sample.file, sample.options, sample.seed, sample.moves)


if __name__ == "__main__":
    main()
