"""The player's moves in step 6 (play, buy, defeat, end) and an exact, cheap test of one
of them (pure functions of the state, used by the turn, the rules core and the computer
player)."""

from __future__ import annotations

from collections.abc import Callable

from ...engine.moves import Move
from .state import SoloState

END = Move("end", 0)


class _Moves(dict):
    """The moves of one kind for each card, made once and shared (moves are values)."""

    def __init__(self, kind: str, target: str) -> None:
        super().__init__()
        self.kind = kind
        self.target = target

    def __missing__(self, card: int) -> Move:
        move = self[card] = Move(self.kind, 0, card, self.target)
        return move


PLAY = _Moves("play", "played.0")
BUY = _Moves("buy", "discard.0")
DEFEAT = _Moves("defeat", "defeated")


def main_moves(s: SoloState) -> list[Move]:
    """Step 6: play a card that does something, buy what the Power pays for (the row,
    the top of the Haymaker pile), defeat a villain or the supervillain, or end."""
    z = s.zones
    info = s.info
    power = s.power
    out = [PLAY[c] for c in z["hand.0"] if info[c].effects]
    out += [BUY[c] for c in z["row"] if info[c].cost <= power]
    kicks = z["kicks"]
    if kicks and info[kicks[-1]].cost <= power:
        out.append(BUY[kicks[-1]])
    out += [DEFEAT[c] for c in z["battleground"] if info[c].cost <= power]
    sv, loc = z["supervillain"], z["location"]
    if sv and loc and info[sv[0]].cost + info[loc[0]].modifier <= power:
        out.append(DEFEAT[sv[0]])
    out.append(END)
    return out


def _may_play(s: SoloState, m: Move) -> bool:
    return m.target == "played.0" and m.card in s.zones["hand.0"] and \
        bool(s.info[m.card].effects)


def _may_buy(s: SoloState, m: Move) -> bool:
    if m.target != "discard.0":
        return False
    card = m.card
    kicks = s.zones["kicks"]
    if card not in s.zones["row"] and not (kicks and card == kicks[-1]):
        return False
    return s.info[card].cost <= s.power


def _may_defeat(s: SoloState, m: Move) -> bool:
    if m.target != "defeated":
        return False
    card = m.card
    if card in s.zones["battleground"]:
        return s.info[card].cost <= s.power
    return card is not None and card == s.supervillain and s.location is not None \
        and s.sv_cost() <= s.power


#: move kind -> whether such a move is legal in step 6 (exactly ``m in main_moves(s)``)
MAIN_TESTS: dict[str, Callable[[SoloState, Move], bool]] = {
    "play": _may_play,
    "buy": _may_buy,
    "defeat": _may_defeat,
    "end": lambda s, m: m == END,
}


def is_main_move(s: SoloState, m: Move) -> bool:
    """``m in main_moves(s)``, without listing them."""
    test = MAIN_TESTS.get(m.kind)
    return test is not None and m.choice is None and m.seat == 0 and test(s, m)


def distinct(s: SoloState, cards: list[int]) -> list[int]:
    """The first card of each name (choices between identical cards are one choice)."""
    seen: set[str] = set()
    out = []
    for c in cards:
        key = s.info[c].id
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out
