"""Brawl's pointer gestures: cards are dragged onto their targets, a power is declared
from the character's menu; what a drop off the lit targets meant."""

from __future__ import annotations

from ...engine.moves import Move
from ...games.brawl.state import BrawlState
from ...games.brawl.text import matchup_key
from ..gestures import Gestures


class BrawlGestures(Gestures):
    def gesture(self, move: Move) -> str:
        if move.kind == "declare":
            return "menu"
        if move.card is not None:
            return "drag"
        return "button"

    def move_for_drop(self, s: BrawlState, seat: int, card: int,
                      target: int | str | None) -> Move | None:
        if card is None or card < 0:
            return None
        where = s.where(card)
        if where == f"hand.{seat}":
            return _drop_from_hand(s, seat, card, target)
        if where == f"play.{seat}":
            return _drop_in_play(s, seat, card, target)
        return None


def _drop_from_hand(s: BrawlState, seat: int, card: int, target) -> Move | None:
    """A card from the hand, dropped on ``target``: the move it means there (the table
    asks only about drops off the lit targets, to name the rule)."""
    inf = s.info[card]
    if s.phase == "discard" or target == "discard" and s.phase != "pick":
        return Move("discard", seat, card, target)
    if inf.kind == "character":
        return Move("pick" if s.phase == "pick" else "character", seat, card, target)
    if s.phase == "pick":
        return Move("pick", seat, card, target)
    if inf.kind == "condition":
        return Move("condition", seat, card, target)
    return Move("interrupt", seat, card, target)


def _drop_in_play(s: BrawlState, seat: int, card: int, target) -> Move:
    """One of your Characters in play, dropped on ``target``: an attack, or an action."""
    side = s.info[card].side
    owner = s.owner(target) if isinstance(target, int) else None
    if owner is None or target == card:
        return Move("attack", seat, card, target)
    if owner != seat:
        # dropped on an opponent: an attack, or a thwart of its match-up
        if side == "gray" and s.options.get("more_actions") and s.in_matchup(target):
            return Move("thwart", seat, card, matchup_key(s, target))
        return Move("attack", seat, card, target)
    if target in s.turned and side == "hero":
        return Move("aid", seat, card, target)
    if side == "gray" and s.in_matchup(target):
        return Move("thwart", seat, card, matchup_key(s, target))
    if side == "villain":
        return Move("gang", seat, card, target)
    return Move("attack", seat, card, target)
