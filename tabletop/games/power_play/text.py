"""Power Play's words: why a move is refused, the status line, labels and the game-over
title. The notation is :mod:`.notation`."""

from __future__ import annotations

from ...engine.moves import Move, seat_label
from ...engine.presentation import GameText
from .state import PPState
from .turn import MAX_DEFENCE, last_turn

AFTER_REVEAL = ("Bonus powers are spent only after the reveal, when the villain is stronger "
                "than the heroes.")


class PowerPlayText(GameText):
    # -- refusals ------------------------------------------------------------------------------
    def explain(self, s: PPState, m: Move) -> str:
        if s.over:
            return "The game is over."
        why = _EXPLAIN.get(m.kind)
        reason = why(s, m) if why is not None else ""
        if reason:
            return reason
        if m.kind == "pass" and s.phase == "defend":
            return ("The active hero must play at least one power; press Done when the "
                    "defence is ready.")
        if s.actor is not None and m.seat != s.actor:
            return f"Wait: {self.status(s, s.actor)}"
        return "That move is not possible now."

    # -- the status line -------------------------------------------------------------------------
    def status(self, s: PPState, seat: int | None = None) -> str:
        if s.over:
            return s.result
        line = _STATUS.get(s.phase)
        return f"{seat_label(s.actor)}: {line(s)}" if line is not None else ""

    def headline(self, s: PPState) -> str | None:
        if not s.over:
            return None
        return f"{'Defeat' if s.lost else 'Victory'}: score {s.score} / 100"

    # -- labels ------------------------------------------------------------------------------------
    def primary(self, move: Move) -> bool:
        return move.kind == "end"

    def describe(self, s: PPState, m: Move) -> str:
        """A move in plain words: a power by its name (two copies in a hand are the same
        to play), a Bonus power by the villain and what it adds."""
        if m.kind == "done":
            return "Done: the defence is ready"
        if m.kind == "pass":
            return "Add nothing" if s.phase == "support" else "Keep my Bonus powers"
        if m.kind == "end":
            return "Finish the game" if last_turn(s) else "End the turn"
        if m.kind == "bonus":
            return f"Spend {s.name(m.card)} (+{s.info[m.card].base})"
        if m.kind == "play":
            if m.seat == s.current:
                return f"Play {s.name(m.card)}"
            return f"Add {s.name(m.card)} to the defence"
        return m.kind.capitalize()


# -- why a move is refused, by its kind ("" when nothing but the turn order stops it) -----------
def _holds(s: PPState, zone: str, card) -> bool:
    return card is not None and card >= 0 and card in s.zones.get(zone, ())


def _explain_play(s: PPState, m: Move) -> str:
    ph = s.phase
    active = seat_label(s.current)
    if ph == "bonus":
        return ("The defence is closed once the villain is revealed; now only Bonus powers "
                "can help.")
    if ph == "outcome":
        return "This turn is decided: the active hero ends it."
    if not _holds(s, f"hand.{m.seat}", m.card):
        if _holds(s, f"bonus.{m.seat}", m.card):
            return AFTER_REVEAL
        if _holds(s, f"badnews.{m.seat}", m.card):
            return ("Bad News stays face down in front of its hero to the end of the game: "
                    "it is never played.")
        return "Only your own open powers can be played."
    if ph == "defend" and m.seat != s.current:
        return (f"{active} forms the defence first (one to four powers); then the others may "
                "add one power each, clockwise.")
    if ph == "support":
        why = _explain_support(s, m)
        if why:
            return why
    if m.target != "defence":
        return f"Powers are played onto the defence in front of {active}."
    return ""


def _explain_support(s: PPState, m: Move) -> str:
    if m.seat == s.current:
        return "The active hero's defence is set; now the others may add one power each."
    if m.seat == s.actor:
        return ""
    if m.seat not in s.pending.data[0]:
        return "Each other player may add only one power per turn."
    return (f"It is {seat_label(s.actor)}'s turn to add a power (clockwise from the left of "
            f"{seat_label(s.current)}).")


def _explain_done(s: PPState, m: Move) -> str:
    if m.seat != s.current:
        return "Only the active hero finishes the defence."
    if s.phase != "defend":
        return "The defence is already set."
    return "Play at least one power (up to four) before finishing the defence."


def _explain_bonus(s: PPState, m: Move) -> str:
    if s.phase != "bonus":
        return AFTER_REVEAL
    if m.card is None or m.card not in s.zones.get(f"bonus.{m.seat}", ()):
        return "That is not one of your Bonus powers."
    if s.counters.get(("spent", m.seat)) and not s.options.get("any_bonus"):
        return ("Each player may spend one Bonus power per turn (the option 'Any number of "
                "Bonus powers' allows more).")
    if m.seat != s.actor:
        return f"It is {seat_label(s.actor)}'s turn to decide about Bonus powers."
    if m.target != "defence":
        return f"Drop the Bonus power on the defence in front of {seat_label(s.current)}."
    return ""


def _explain_end(s: PPState, m: Move) -> str:
    if s.phase != "outcome":
        return "The turn ends once the villain has been revealed and tallied."
    return "The active hero ends the turn."


_EXPLAIN = {
    "play": _explain_play,
    "done": _explain_done,
    "bonus": _explain_bonus,
    "end": _explain_end,
}


# -- the status line, by the decision in hand --------------------------------------------------
def _status_defend(s: PPState) -> str:
    if s.played:
        return (f"play up to {MAX_DEFENCE - s.played} more power(s) onto the defence "
                "\u2014 or Done")
    if not s.zones[f"hand.{s.actor}"]:
        return "you hold no powers \u2014 press Done"
    return "play one to four powers onto the defence (drag them)"


def _status_bonus(s: PPState) -> str:
    gap = s.villain_tally.total - s.hero.total - s.bonus_total
    return (f"the villain leads by {gap}: spend a Bonus power (drag it onto the defence) "
            "\u2014 or keep them")


def _status_outcome(s: PPState) -> str:
    total = s.hero.total + s.bonus_total
    what = "the heroes win this turn" if s.outcome == "won" else "the villain wins this turn"
    return (f"{what} ({total} against {s.villain_tally.total}) \u2014 "
            + ("finish the game" if last_turn(s) else "end the turn"))


_STATUS = {
    "defend": _status_defend,
    "support": lambda s: (f"add one power to {seat_label(s.current)}'s defence \u2014 "
                          "or pass"),
    "bonus": _status_bonus,
    "outcome": _status_outcome,
}
