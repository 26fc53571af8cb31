"""OverPower's words: the status line, labels, refusals (:mod:`.refusals`), and the
figures the table shows (KO meters, Venture Totals, the action in progress). The
notation is :mod:`.notation`."""

from __future__ import annotations

from ...engine.moves import Move, seat_label
from ...engine.presentation import GameText
from . import notation
from .common import LETTERS, TYPES, other
from .hits import cumulative, ko_at, spectrum, venture_total
from .labels import action_label, choice_label, plain
from .refusals import explain
from .state import OPState
from .values import working

ACTIONS = ("attack", "teamwork", "ally", "doubleshot", "special", "follow", "activate",
           "artifact")
BUTTON_LABELS = {"pass": "Pass", "concede": "Concede", "fight": "Fight", "done": "Done placing",
                 "take": "Take the hit", "finish": "Finish Teamwork",
                 "stop": "No more attacks"}
PRIMARY = ("done", "take", "finish", "stop", "fight", "pass")

STATUS = {
    "setup": "choose your Reserve character (it stays secret until both have chosen)",
    "discard": "choose which of your duplicate cards to keep",
    "placing": "Place a card on one of your characters \u2014 or finish placing",
    "venture": "venture mission cards on this battle",
    "penalty": "draw penalty cards (your opponent ventured more than two)",
    "concede": "fight this battle, or concede it?",
    "follow-up": "make the next follow-up or extra attack",
    "effect": "make the choice your card asks for",
    "events": "choose which of your Events to play (one per battle)",
}


class OverPowerText(GameText):
    # -- refusals and the status line -----------------------------------------------------------
    def explain(self, s: OPState, m: Move) -> str:
        return explain(s, m, self.status(s, s.actor))

    def status(self, s: OPState, seat: int | None = None) -> str:
        if s.over:
            return s.result
        p = seat_label(s.actor)
        if s.phase == "fight":
            if s.passed[s.actor]:
                return f"{p}: you have passed \u2014 pass again or concede"
            return f"{p}: attack, play a Special, pass or concede"
        if s.phase == "defence":
            a = s.attack
            what = f"{a.value} or more" if a.value is not None else \
                "a Special that avoids or negates"
            return (f"{p}: {s.name(a.actor)} attacks {s.name(a.target)} "
                    f"({working(a.terms)}): defend with {what}, or take the hit")
        if s.phase == "follow-up" and s.chain:
            return f"{p}: {self.chain_prompt(s)}"
        return f"{p}: {STATUS.get(s.phase, s.phase)}"

    def chain_prompt(self, s: OPState) -> str:
        link = s.chain[-1]
        name = s.name(link.source)
        if link.kind == "teamwork":
            types = " and/or ".join(f"{TYPES[t].capitalize()} +{b}"
                                    for t, b in s.info[link.source].follow_ups)
            need = "at least one" if link.must else "one more, or finish"
            return (f"{name}: follow up \u2014 {types}, each by a different teammate (not "
                    f"{s.name(link.actor)}); {need}")
        if link.kind == "ally":
            return f"{name}: a Front Line teammate must now play a Special"
        who = s.name(link.actor) if link.by == "self" else "a teammate"
        bonus = f" (+{link.bonus})" if link.bonus else ""
        return f"{name}: {who} may attack again{bonus} \u2014 or stop"

    def result(self, s: OPState) -> str:
        return s.result

    # -- labels ------------------------------------------------------------------------------
    def primary(self, move: Move) -> bool:
        return move.kind in PRIMARY

    def side_option(self, move: Move) -> bool:
        return move.kind == "concede"

    def describe(self, s: OPState, m: Move) -> str:
        """A move's label on a button, in a menu or in the hint: card names only
        (:mod:`.labels`)."""
        label = BUTTON_LABELS.get(m.kind)
        if label is not None:
            return label
        if m.kind == "venture":
            return f"Venture {m.target} from Reserve, {m.choice} from Completed"
        if m.kind == "penalty":
            return f"Draw {m.choice} penalty card{'s' if m.choice != 1 else ''}"
        if m.kind == "name":
            return m.choice.capitalize()
        if m.kind in ACTIONS or m.kind == "defend":
            return action_label(s, m)
        return choice_label(s, m) or plain(notation.format_move(s, m))

    # -- the menu's fan ---------------------------------------------------------------------------
    def showcase(self, catalog) -> list:
        return catalog.of_kind("character")[:5]

    # -- figures for the table ---------------------------------------------------------------------
    def meter(self, s: OPState, ch: int) -> str:
        """``Σ 14/20 · E F S (+1)``: a character's KO meter (record and this battle)."""
        fixed, more = spectrum(s, ch)
        types = " ".join(LETTERS[t] for t in sorted(fixed)) or "\u2014"
        extra = f" (+{more})" if more else ""
        return f"\u03a3 {cumulative(s, ch)}/{ko_at(s, ch)} \u00b7 {types}{extra}"

    def totals(self, s: OPState, seat: int) -> str:
        """This battle's Venture Totals from ``seat``'s side."""
        return (f"Venture Totals: you {venture_total(s, seat)}, opponent "
                f"{venture_total(s, other(seat))}")

    def action(self, s: OPState) -> str:
        """The action being resolved, with its working (empty if none)."""
        a = s.attack
        if a is None:
            return ""
        cards = " + ".join(s.name(c) for c in a.cards)
        return f"{s.name(a.actor)} \u2192 {s.name(a.target)}: {cards} ({working(a.terms)})"
