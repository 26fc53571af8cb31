"""A simple computer player for the solo game, and its win rate (a balance figure).

It sees only its view and plays by rules of thumb: play every card (those that draw
first), defeat the supervillain when it can, otherwise spend Power on the best value:
a villain when the battleground is about to overflow or the row is shrinking, else the
resource worth most (never one the location's condition would punish), else a
Haymaker. As the resources deck (the game's clock) runs down, defeating villains gains
weight and buying from the row loses it. Defense cards always stop a Weakness; destroy
effects remove Weakness and useless starters; a secured location becomes the HQ when
there is none.
"""

from __future__ import annotations

import time

from ...engine.moves import Move
from ...engine.players import playout
from ...engine.rng import Rng
from .cards import Info, matches
from .state import SoloState


def card_value(inf: Info) -> float:
    """Roughly what a card is worth in Power when played."""
    if inf.kind == "weakness":
        return -3.0
    value = 0.0
    for e in inf.effects:
        kind = e["effect"]
        if kind == "add_power":
            value += e["amount"] * (1.6 if e.get("per") else 1.0)
        elif kind == "draw":
            value += 1.3 * e["count"]
        elif kind == "draw_next_turn":
            value += 1.0 * e["count"]
        elif kind == "destroy_own":
            value += 0.7 * e.get("count", 1)
        elif kind == "foresee":
            value += 1.8
    if inf.defense is not None:
        value += 0.8 + 0.5 * sum(e.get("count", 0) for e in inf.defense)
    return value


def _play_order(inf: Info) -> int:
    """Cards that draw go first, then cards that look ahead, then the rest."""
    kinds = {e["effect"] for e in inf.effects}
    if "draw" in kinds:
        return 0
    if "foresee" in kinds:
        return 1
    if any(e.get("per") == "played" for e in inf.effects):
        return 3  # count the other cards first
    return 2


#: how much the shrinking resources deck weighs (divided by the cards left in it)
CLOCK = 15.0


class SoloAI:
    name = "simple"

    def choose(self, game, view: SoloState, seat: int, rng: Rng) -> Move:  # noqa: C901
        legal = game.legal_moves(view)
        if len(legal) == 1:
            return legal[0]
        info = view.info
        p = view.pending
        if p is not None:
            kind = p[0]
            if kind == "hero":
                return rng.choice(legal)
            if kind == "defend":
                defends = [m for m in legal if m.kind == "defend"]
                return min(defends, key=lambda m: card_value(info[m.card]))
            if kind == "hand_discard":
                return min(legal, key=lambda m: card_value(info[m.card]))
            if kind == "destroy":
                for m in legal:
                    if m.kind == "destroy" and (info[m.card].kind == "weakness"
                                                or not info[m.card].effects):
                        return m
                return Move("done", seat)
            if kind == "foresee":
                best = max(legal, key=lambda m: -1 if m.kind == "done"
                           else card_value(info[m.card]))
                return best
            if kind == "free_defeat":
                return max(legal, key=lambda m: info[m.card].cost)
            if kind == "secure":
                want = "stack" if view.zones["hq.0"] else "hq"
                return next(m for m in legal if m.kind == want)
        plays = [m for m in legal if m.kind == "play"]
        if plays:
            return min(plays, key=lambda m: (_play_order(info[m.card]),
                                             -card_value(info[m.card])))
        best, best_score = Move("end", seat), 0.0
        for m in legal:
            score = self._spend_score(view, m)
            if score > best_score:
                best, best_score = m, score
        return best

    def _spend_score(self, s: SoloState, m: Move) -> float:
        info = s.info
        if m.kind == "end":
            return 0.0
        inf = info[m.card]
        loc = s.loc_info()
        # the resources deck is the clock: every villain left standing and every card
        # bought from the row uses up one of its cards (the Haymaker pile does not)
        clock = CLOCK / max(5, len(s.zones["resources"]))
        if m.kind == "defeat":
            if m.card == s.supervillain:
                return 100.0
            bg = len(s.zones["battleground"])
            cap = loc.battleground_max if loc else 3
            threat = 4.0 if bg >= cap else 0.0
            short = 2.0 if bg > len(s.zones["row"]) - 1 else 0.0
            return 2.0 + threat + short + 0.5 * len(inf.attack) + 0.1 * inf.cost + clock
        value = card_value(inf)
        if loc is not None:
            for cond in loc.conditions("weakness_on_gain"):
                if matches(inf, cond["match"]):
                    value -= 6.0
        if inf.kind != "kick":
            value -= clock
        return value + 0.05 * inf.cost


def win_rate(game, games: int, seed: int = 0) -> tuple[float, float, float]:
    """(share of games won, seconds taken, turns a game) for the computer player."""
    catalog = game.load_catalog(mod_dirs=[])
    player = SoloAI()
    wins = 0
    turns = 0
    t0 = time.perf_counter()
    for i in range(games):
        state = game.new_state(catalog, {"superhero": "random"}, seed + i)
        end = playout(game, state, {0: player}, Rng(seed + i))
        wins += bool(end.winners)
        turns += end.turn
    return wins / games, time.perf_counter() - t0, turns / games
