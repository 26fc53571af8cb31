"""What a Brawl position looks like to one seat, as numbers (for the learned evaluation,
:mod:`tabletop.engine.evaluation`): only what that seat can see (cards in play, their
health, how many cards each hand and pile holds)."""

from __future__ import annotations

from .state import BrawlState

NAMES = ("share", "own_standing", "foes_standing", "own_health", "foes_health",
         "own_hand", "foes_hand", "deck_left", "seats_left", "to_move")


def _standing(s: BrawlState, seat: int) -> tuple[int, int]:
    """How many of the seat's characters stand, and their health in all."""
    hp = s.hp
    turned = s.turned
    count = health = 0
    for c in s.zones[f"play.{seat}"]:
        if c not in turned:
            count += 1
            health += hp.get(c, 0)
    return count, health


def features(s: BrawlState, seat: int) -> tuple[float, ...]:
    """:data:`NAMES`, for ``seat``: its share of the standing strength (characters and
    health, as the rules' evaluation counts it), its standing characters and health and
    its foes' (a foe's mean), cards in hand (its own, its foes' mean), the share of the
    draw pile left, the seats still in, and whether it is the seat to act."""
    alive = s.alive_seats()
    foes = [o for o in alive if o != seat]
    own_count, own_health = _standing(s, seat) if seat in alive else (0, 0)
    strength = {o: 0 for o in alive}
    foe_count = foe_health = foe_hand = 0.0
    for o in alive:
        count, health = (own_count, own_health) if o == seat else _standing(s, o)
        strength[o] = health + 8 * count
        if o != seat:
            foe_count += count
            foe_health += health
            foe_hand += len(s.zones[f"hand.{o}"])
    total = sum(strength.values())
    share = strength.get(seat, 0) / total if total else 1.0 / max(1, len(alive))
    n = max(1, len(foes))
    decks = [z for z in s.zones if z == "deck" or z.startswith("deck.")]
    left = sum(len(s.zones[z]) for z in decks)
    return (share, own_count, foe_count / n, own_health / 10, foe_health / n / 10,
            len(s.zones[f"hand.{seat}"]), foe_hand / n, left / max(1, len(s.cards)),
            len(alive), 1.0 if s.actor == seat else 0.0)
