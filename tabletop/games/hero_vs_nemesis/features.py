"""What a Hero vs Nemesis position looks like to one seat, as numbers (for the learned
evaluation, :mod:`tabletop.engine.evaluation`): only what that seat can see (the deck
run down, the showdowns won, popular support and bad press, the nemesis's support pile,
its own hand, how many cards the other holds). Every feature is signed for the seat: a
figure that helps the hero counts for the hero and against the nemesis."""

from __future__ import annotations

from .state import HERO, HvNState

NAMES = ("hero", "progress", "showdowns", "support_less_press", "nemesis_support",
         "jokers_held", "hero_hand_value", "nemesis_hand_value", "hand", "foe_hand")


def features(s: HvNState, seat: int) -> tuple[float, ...]:
    """:data:`NAMES`, for ``seat``: whether it is the hero, then (each + for the hero,
    - for the nemesis) the share of the deck drawn, the showdowns the nemesis has won,
    popular support less bad press and the nemesis's support pile; the jokers in its
    own hand, its own hand's worth (tens: one figure for each role, the other 0), and
    the cards in its hand and the other's."""
    hero = seat == HERO
    sign = 1.0 if hero else -1.0
    info = s.info
    own = [info[c] for c in s.zones[f"hand.{seat}"] if c >= 0]
    worth = sum(c.value for c in own) / 10
    return (1.0 if hero else 0.0,
            sign * (1.0 - len(s.zones["deck"]) / max(1, len(s.cards))),
            sign * s.wins, sign * (s.popular - s.press) / 10,
            sign * len(s.zones["support.1"]) / 10,
            float(sum(1 for c in own if c.joker)),
            worth if hero else 0.0, 0.0 if hero else worth,
            len(s.zones[f"hand.{seat}"]) / 10, len(s.zones[f"hand.{1 - seat}"]) / 10)
