"""Hero vs Nemesis card faces: the standard deck's face plus what the card means here
(its conflict type across the foot; on a large card, its conflict, power and resource)."""

from __future__ import annotations

import pygame

from ...engine.cards import CardDef
from ..cardart import CardPainters
from ..standard_deck import paint_playing_card


def meaning(card: CardDef) -> tuple[str, ...]:
    d = card.data
    if d.get("joker"):
        return (f"Conflict: {d['conflict']} \u2014 needs {d['needs']} cards",
                f"Hero: {d['power']} \u2014 counters any one conflict",
                f"Nemesis: {d['resource']} \u2014 worth 1 to {d['value']}; "
                f"in a showdown the hero needs {d['needs']} cards for it",
                f"As a scheme: worth {d['scheme']}")
    lines = [f"Conflict: {d['conflict']} \u2014 {d['field']} ({d['value']})",
             f"Hero: {d['power']}", f"Nemesis: {d['resource']}"]
    if d.get("harm"):
        lines.append("Countering with it harms the nemesis")
    return tuple(lines)


def paint(surf: pygame.Surface, card: CardDef) -> None:
    paint_playing_card(surf, card, meaning(card), card.data.get("conflict", ""))


#: how each kind of Hero vs Nemesis card is drawn (:mod:`tabletop.ui.kits`)
PAINTERS = CardPainters("hero-vs-nemesis", {"playing-card": paint})
