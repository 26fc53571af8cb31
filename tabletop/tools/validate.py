"""``tabletop validate``: print every card-file problem as file:line:col; exit 1 if any."""

from __future__ import annotations

from pathlib import Path

from .. import CARDS_DIR
from ..engine.paths import mod_dirs
from ..games import GAMES


def validate(paths: list[str], game_id: str | None = None) -> int:
    games = [GAMES[game_id]] if game_id else list(GAMES.values())
    problems = 0
    cards = 0
    for game in games:
        if paths:
            base = [Path(p) for p in paths]
            mods: list[Path] = []
        else:
            base = [CARDS_DIR / game.info.id]
            mods = mod_dirs()
        catalog = game.rules.load_catalog(base_dirs=[b for b in base if b.is_dir()], mod_dirs=mods)
        from ..engine.loader import CardLoader

        loader = CardLoader(game.info.id, game.rules.card_kinds, game.rules.card_sets)
        for path in base:
            if path.is_file():
                loader.load_file(path, catalog, is_mod=True)
        if any(p.is_file() for p in base):
            catalog.errors.extend(game.rules.check_catalog(catalog))
        for error in catalog.errors:
            print(error)
        problems += len(catalog.errors)
        cards += len(catalog.cards)
        if catalog.overridden:
            print(f"{game.info.id}: mods replace {', '.join(sorted(catalog.overridden))}")
    print(f"{cards} valid card(s), {problems} problem(s)")
    return 1 if problems else 0
