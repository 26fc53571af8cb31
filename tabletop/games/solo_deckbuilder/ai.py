"""A simple computer player for the solo game, and its win rate (a balance figure).

It sees only its view and plays by rules of thumb: play every card (those that draw
first), defeat the supervillain when it can, otherwise spend Power on the best value:
a villain when the battleground is about to overflow or the row is shrinking, else the
resource worth most (never one the location's condition would punish), else a
Haymaker. As the resources deck (the game's clock) runs down, defeating villains gains
weight and buying from the row loses it. Defense cards always stop a Weakness; destroy
effects remove Weakness and useless starters; a secured location becomes the HQ when
there is none. What an effect is worth is part of the effect (its ``worth`` and
``play_first`` behaviours, :mod:`.effects`).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ...engine.effects import effects_with
from ...engine.moves import Move
from ...engine.players import playout
from ...engine.rng import Rng
from ...engine.rules import Rules
from .effects import card_value
from .info import Info
from .legal import END
from .state import SoloState
from .turn import MAIN


def _play_order(inf: Info) -> int:
    """Cards that draw go first, then cards that look ahead, then the rest (cards that
    count the others last)."""
    ranks = [rank for rank in (first(e) for first, e in effects_with(inf.effects, "play_first"))
             if rank is not None]
    return min(ranks) if ranks else 2


#: how much the shrinking resources deck weighs (divided by the cards left in it)
CLOCK = 15.0

Choice = Callable[[SoloState, list[Move], Rng], Move]


def _lowest_value(view: SoloState, legal: list[Move], rng: Rng) -> Move:
    return min((m for m in legal if m.card is not None),
               key=lambda m: card_value(view.info[m.card]))


def _destroy(view: SoloState, legal: list[Move], rng: Rng) -> Move:
    for m in legal:
        inf = view.info[m.card] if m.kind == "destroy" else None
        if inf is not None and (inf.kind == "weakness" or not inf.effects):
            return m
    return Move("done", 0)


def _foresee(view: SoloState, legal: list[Move], rng: Rng) -> Move:
    return max(legal, key=lambda m: -1 if m.kind == "done" else card_value(view.info[m.card]))


def _secure(view: SoloState, legal: list[Move], rng: Rng) -> Move:
    want = "stack" if view.zones["hq.0"] else "hq"
    return next(m for m in legal if m.kind == want)


#: the answer to each decision other than step 6
DECISIONS: dict[str, Choice] = {
    "hero": lambda view, legal, rng: rng.choice(legal),
    "defend": _lowest_value,
    "hand_discard": _lowest_value,
    "destroy": _destroy,
    "foresee": _foresee,
    "free_defeat": lambda view, legal, rng: max(legal, key=lambda m: view.info[m.card].cost),
    "secure": _secure,
}


class SoloAI:
    name = "simple"

    def choose(self, rules: Rules, view: SoloState, seat: int, rng: Rng) -> Move:
        legal = rules.legal_moves(view)
        if len(legal) == 1:
            return legal[0]
        kind = view.pending.kind
        if kind != MAIN:
            return DECISIONS[kind](view, legal, rng)
        info = view.info
        plays = [m for m in legal if m.kind == "play"]
        if plays:
            return min(plays, key=lambda m: (_play_order(info[m.card]),
                                             -card_value(info[m.card])))
        best, best_score = END, 0.0
        for m in legal:
            score = self._spend_score(view, m)
            if score > best_score:
                best, best_score = m, score
        return best

    def _spend_score(self, s: SoloState, m: Move) -> float:
        if m.kind == "end":
            return 0.0
        # the resources deck is the clock: every villain left standing and every card
        # bought from the row uses up one of its cards (the Haymaker pile does not)
        clock = CLOCK / max(5, len(s.zones["resources"]))
        if m.kind == "defeat":
            return self._defeat_score(s, m.card, clock)
        inf = s.info[m.card]
        value = card_value(inf)
        loc = s.location
        if loc is not None:
            for punishes, e in effects_with(s.info[loc].condition, "punishes_gain"):
                if punishes(s, e, m.card):
                    value -= 6.0
        if inf.kind != "kick":
            value -= clock
        return value + 0.05 * inf.cost

    @staticmethod
    def _defeat_score(s: SoloState, card: int, clock: float) -> float:
        if card == s.supervillain:
            return 100.0
        inf = s.info[card]
        loc = s.loc_info()
        bg = len(s.zones["battleground"])
        cap = loc.battleground_max if loc else 3
        threat = 4.0 if bg >= cap else 0.0
        short = 2.0 if bg > len(s.zones["row"]) - 1 else 0.0
        return 2.0 + threat + short + 0.5 * len(inf.attack) + 0.1 * inf.cost + clock


def win_rate(rules: Rules, games: int, seed: int = 0) -> tuple[float, float, float]:
    """(share of games won, seconds taken, turns a game) for the computer player."""
    catalog = rules.load_catalog(mod_dirs=[])
    player = SoloAI()
    wins = 0
    turns = 0
    t0 = time.perf_counter()
    for i in range(games):
        state = rules.new_state(catalog, {"superhero": "random"}, seed + i)
        end = playout(rules, state, {0: player}, Rng(seed + i))
        wins += bool(end.winners)
        turns += end.turn
    return wins / games, time.perf_counter() - t0, turns / games


def bench_lines(rules: Rules, quick: bool) -> list[str]:
    """The computer player's win rate, for ``tabletop bench``."""
    games = 200 if quick else 1000
    rate, seconds, turns = win_rate(rules, games)
    return [f"  computer player wins {rate:6.1%} of {games} games "
            f"({turns:.1f} turns a game, {games / seconds:.0f} games/s) \u2014 a "
            "balance figure for modders"]
