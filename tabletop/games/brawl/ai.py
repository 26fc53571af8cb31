"""A simple Brawl computer player: sensible priorities, one ply of look-ahead.

It sees only its own view. For fight decisions (attacks, actions, declarations,
Interruptions) it samples the hidden cards, applies the move to the sample, lets every
undeclared character take its strongest power, runs the real damage resolution and
scores the result; Conditions and Characters are judged by simple rules of thumb.
"""

from __future__ import annotations

from ...engine.moves import Move
from ...engine.rng import Rng
from ...engine.rules import Rules
from . import damage
from .effects import carry_out, matches
from .state import BrawlState

KO_VALUE = 8.0
CARD_VALUE = 1.5


def strength(s: BrawlState, card: int) -> float:
    inf = s.info[card]
    best = max((p.damage or 0) + (p.heal or 0) * 0.6 + 1.5 * len(p.mods) for p in inf.powers)
    return inf.health + 1.5 * best + 1.0 * len(inf.abilities)


def value(s: BrawlState, seat: int) -> float:
    """How good the table looks for ``seat``: standing health and characters."""
    total = 0.0
    for other in range(s.seats):
        if other in s.eliminated:
            continue
        sign = 1.0 if other == seat else -1.0 / max(1, len(s.alive_seats()) - 1)
        for c in s.zones[f"play.{other}"]:
            if c not in s.turned:
                total += sign * (s.hp.get(c, 0) + KO_VALUE)
    return total


def _default_powers(s: BrawlState) -> None:
    """Give every undeclared character in a match-up its strongest power."""
    for c in list(s.mu) + list(s.mu.values()):
        if c in s.power or c in s.cancelled:
            continue
        powers = s.info[c].powers
        late = [i for i, p in enumerate(powers) if not p.outside]  # steps 10-11
        if not late:
            continue
        best = max(late, key=lambda i: (powers[i].damage or 0) + 0.5 * len(powers[i].mods))
        s.power[c] = best
        if powers[best].heal is not None:
            s.heal_to[c] = c


def fight_value(s: BrawlState, seat: int) -> float:
    """Finish the current fight (no further attacks) and score it for ``seat``."""
    return _finished_value(s.copy(), seat)


def _finished_value(w: BrawlState, seat: int) -> float:
    """:func:`fight_value` of a world made for the purpose, finished in place (no copy:
    nothing looks at ``w`` afterwards)."""
    if w.phase not in ("end", "discard", "over"):
        _default_powers(w)
        damage.resolve(w)
    return value(w, seat)


class BrawlAI:
    name = "simple"

    def choose(self, game: Rules, view: BrawlState, seat: int, rng: Rng) -> Move:
        legal = game.legal_moves(view)
        if len(legal) == 1:
            return legal[0]
        world = game.determinize(view, seat, rng)
        base = fight_value(world, seat)
        best, best_score = legal[0], float("-inf")
        for move in legal:
            score = self.score(game, world, seat, move, base) + rng.random() * 0.01
            if score > best_score:
                best, best_score = move, score
        return best

    def score(self, game: Rules, s: BrawlState, seat: int, m: Move,
              base: float) -> float:
        k = m.kind
        if k == "pick":
            return strength(s, m.card)
        if k == "character":
            return 6.0 + strength(s, m.card) / 4
        if k == "condition":
            return self._condition_value(s, seat, m) - CARD_VALUE
        if k == "discard":
            return -self._keep_value(s, seat, m.card)
        if k in ("pass", "end", "resolve"):
            return 0.0
        w = s.copy()
        game.apply(w, m)
        gain = _finished_value(w, seat) - base  # (w is this move's own world)
        if k == "interrupt":
            return gain - 2.5 * CARD_VALUE
        if k == "attack":
            return gain + 0.5
        if k == "declare":
            power = s.info[m.card].powers[m.choice]
            if power.heal is not None and m.target is not None and m.target in s.turned:
                gain += 2.0
            return gain
        return gain  # actions

    def _condition_value(self, s: BrawlState, seat: int, m: Move) -> float:
        inf = s.info[m.card]
        if inf.instant:
            w = s.copy()
            before = value(w, seat)
            carry_out(w, seat, m.card, m.target)
            gain = value(w, seat) - before
            if isinstance(m.target, int):  # discarding a Condition: is it one against us?
                gain -= self._mods_value(s, seat, s.info[m.target].mods)
            return gain + (2.0 if any(e["effect"] == "draw" for e in inf.effects) else 0.0)
        for other in s.zones["conditions"]:
            oinf = s.info[other]
            if oinf.id == inf.opposes or oinf.opposes == inf.id:
                return -self._mods_value(s, seat, oinf.mods)
        return self._mods_value(s, seat, inf.mods)

    def _mods_value(self, s: BrawlState, seat: int, mods) -> float:
        """Rough worth of damage modifiers to ``seat`` given who is in play."""
        own = [c for c in s.zones[f"play.{seat}"] if c not in s.turned]
        opp = [c for o in s.alive_seats() if o != seat for c in s.zones[f"play.{o}"]
               if c not in s.turned]
        total = 0.0
        for mod in mods:
            for a in own:
                for b in opp:
                    if matches(s, mod.dealer, a, None, None) and \
                            matches(s, mod.receiver, b, None, None):
                        total += mod.amount
                    if matches(s, mod.dealer, b, None, None) and \
                            matches(s, mod.receiver, a, None, None):
                        total -= mod.amount
        return total / max(1, len(own) * max(1, len(opp))) * 4

    def _keep_value(self, s: BrawlState, seat: int, card: int) -> float:
        inf = s.info[card]
        if inf.kind == "character":
            room = len(s.zones[f"play.{seat}"]) < 5
            return strength(s, card) / 2 + (3 if room else -5)
        if inf.kind == "interruption":
            return 6.0
        return 2.0 + self._mods_value(s, seat, inf.mods)

