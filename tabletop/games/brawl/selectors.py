"""Matching characters against selectors (the ``team``/``side``/``attack``... keys)."""

from __future__ import annotations

from .state import BrawlState


def matches(state: BrawlState, sel: tuple, card: int, source: int | None,
            source_seat: int | None) -> bool:
    """Does ``card`` (a character in play) satisfy selector ``sel``?

    ``source`` is the character whose ability or power holds the selector (None for
    Conditions and Interruptions); ``source_seat`` is the team it is relative to.
    """
    if not sel:
        return True
    info = state.info[card]
    for key, value in sel:
        if key == "attack":
            if info.attack not in value:
                return False
        elif key == "side":
            if info.side not in value:
                return False
        elif key == "team":
            if value == "any":
                continue
            seat = state.owner(card)
            if (seat == source_seat) != (value == "own"):
                return False
        elif key == "self":
            if (card == source) != value:
                return False
        elif key == "knocked_out":
            if (card in state.turned) != value:
                return False
        elif key == "in_matchup":
            if state.in_matchup(card) != value:
                return False
        elif key == "declared":
            if (card in state.power) != value:
                return False
        elif key == "taking_action" and (card in state.action) != value:
            return False
    return True


def describe(sel: tuple) -> str:
    """A short English rendering of a selector, e.g. 'opposing Energy characters'."""
    if not sel:
        return "any character"
    d = dict(sel)
    words = []
    if d.get("knocked_out") is True:
        words.append("knocked-out")
    if d.get("knocked_out") is False:
        words.append("standing")
    team = d.get("team")
    if team == "own":
        words.append("your")
    elif team == "opposing":
        words.append("opposing")
    if "side" in d:
        words.append("/".join(s.capitalize() for s in d["side"]))
    if "attack" in d:
        words.append("/".join(a.capitalize() for a in d["attack"]))
    if d.get("self") is True:
        return "this character"
    noun = "characters"
    if d.get("self") is False:
        noun = "other characters"
    text = " ".join(words + [noun])
    extra = []
    if d.get("in_matchup"):
        extra.append("in a match-up")
    if d.get("declared"):
        extra.append("with a declared power")
    if d.get("taking_action"):
        extra.append("taking an action")
    return text + (" " + " and ".join(extra) if extra else "")
