"""What a Solo Deck-Builder position looks like to its player, as numbers (for the
learned evaluation, :mod:`tabletop.engine.evaluation`): the locations secured, the
resources deck left (the game's clock) and the cards the player owns, which it knows."""

from __future__ import annotations

from ...engine.state import HIDDEN
from .effects import card_value
from .rules import OWNED
from .state import SoloState

NAMES = ("secured", "clock", "worth", "owned", "weaknesses")


def features(s: SoloState, seat: int) -> tuple[float, ...]:
    """:data:`NAMES`: locations secured, the share of the resources deck left, the mean
    worth of the player's cards (in Power), how many it owns (tens) and its
    Weaknesses."""
    info = s.info
    owned = [info[c] for z in OWNED for c in s.zones[z] if c != HIDDEN]
    resources = sum(1 for inf in info if inf.kind == "resource")
    return (float(s.secured_count()), len(s.zones["resources"]) / max(1, resources),
            sum(card_value(c) for c in owned) / max(1, len(owned)), len(owned) / 10,
            float(sum(1 for c in owned if c.kind == "weakness")))
