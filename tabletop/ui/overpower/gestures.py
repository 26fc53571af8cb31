"""OverPower's pointer gestures: actions, placing and defences are dragged onto a
character (or the Reserve box), a few choices come from a card's menu, the rest are
buttons; a move made with a partner card is carried by either card; a drop off every lit
target is read as the move the player most likely meant."""

from __future__ import annotations

from ...engine.moves import Move
from ...games.overpower.state import OPState
from ...games.overpower.text import ACTIONS
from ..gestures import Gestures

#: moves made by dropping their card on a character (or the Reserve box)
DRAGGED = ACTIONS + ("place", "defend", "reserve", "heal", "strip")
#: moves made by clicking their card and picking from a menu
MENU = ("keep", "lose", "fetch", "event")


class OverPowerGestures(Gestures):
    def gesture(self, move: Move) -> str:
        if move.kind in DRAGGED and move.card is not None:
            return "drag"
        if move.kind in MENU and move.card is not None:
            return "menu"
        return "button"

    def carriers(self, move: Move) -> tuple:
        """An attack or defence made with a partner card (a Universe card with its Power
        card, the teammate's Power card of a Doubleshot) is made by dragging either."""
        if move.kind in ACTIONS + ("defend",) and isinstance(move.choice, tuple):
            partner = move.choice[0] if move.kind == "defend" else move.choice[1]
            if partner >= 0:
                return (move.card, partner)
        return (move.card,)

    def landing(self, move: Move):
        """A Special that acts on one's own side has no target: it is dropped on the
        character who plays it."""
        if move.kind in ("special", "activate") and move.target is None and \
                isinstance(move.choice, tuple):
            return move.choice[0]
        return move.target

    def drops(self, s: OPState, seat: int, card: int, target) -> list[Move]:
        """The legal moves a drop of ``card`` on ``target`` may mean (the lead card, or a
        partner card: a Universe card, the Power card a Special or Doubleshot adds)."""
        if s.over or s.actor != seat:
            return []
        legal = self.rules.legal_moves(s)
        return [m for m in legal if m.target == target and
                (m.card == card or (isinstance(m.choice, tuple) and card in m.choice[1:2]))]

    def move_for_drop(self, s: OPState, seat: int, card: int,
                      target: int | str | None) -> Move | None:
        """A legal move the drop means, if one; else the move the player most likely meant,
        with the drop's own target (so that its refusal names the rule)."""
        if card is None or card < 0:
            return None
        found = self.drops(s, seat, card, target)
        if found:
            return found[0]
        return _intent(s, seat, card, target)


def _intent(s: OPState, seat: int, card: int, target) -> Move | None:
    phase = s.phase
    if phase == "setup":
        return Move("reserve", seat, card, target)
    if s.info[card].kind == "character":
        return Move("move", seat, card, target)  # characters are not moved: refused
    if phase == "placing":
        return Move("place", seat, card, target)
    holder = s.attached.get(card)
    if phase == "defence":
        return Move("defend", seat, card, target, (-1, -1))
    front = s.zones[f"front.{seat}"]
    actor = holder if holder is not None else (front[0] if front else -1)
    inf = s.info[card]
    if isinstance(target, int) and s.owner(target) == seat and inf.kind == "special":
        return Move("special", seat, card, None, (target, -1, -1))
    verb = {"power": "attack"}.get(inf.kind, inf.kind)
    types = inf.types
    return Move(verb, seat, card, target, (actor, -1, types[0] if types else -1))
