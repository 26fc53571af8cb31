"""Running totals while the defence is formed (what the table shows before the reveal).

Until the reveal only the villain's face-up power is known, so these totals count
against that one: the hidden power can still change matching effects and the villain's
total.
"""

from __future__ import annotations

from .state import PPState
from .tally import Tally, hero_tally, villain_tally


def defence_so_far(s: PPState) -> Tally:
    """The heroes' total for the powers already in the defence (with the working)."""
    return hero_tally(s.powers_of("defence"), s.known_threat(), s.table_effects())


def villain_so_far(s: PPState) -> Tally:
    """The villain's total counting only its powers that can be seen."""
    known = s.known_threat()
    return villain_tally(known, s.attribute_power(), s.base(), s.powers_of("defence"),
                         s.table_effects())


def card_gains(s: PPState, cards: list[int]) -> dict[int, int]:
    """How much each of ``cards`` (power cards) would add to the defence's total now."""
    effects = s.table_effects()
    threat = s.known_threat()
    defence = s.powers_of("defence")
    now = hero_tally(defence, threat, effects, explain=False).total
    out = {}
    for c in cards:
        if c >= 0 and s.info[c].kind == "power":
            out[c] = hero_tally(defence + [s.info[c].tally_power], threat, effects,
                                explain=False).total - now
    return out
