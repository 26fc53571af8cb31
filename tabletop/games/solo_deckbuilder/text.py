"""The Solo Deck-Builder's words: why a move is refused, the status line, labels and the
main menu's cards. The notation is :mod:`.notation`."""

from __future__ import annotations

from collections.abc import Callable

from ...engine.cards import Catalog
from ...engine.flow import Decision
from ...engine.moves import Move
from ...engine.presentation import GameText
from .log import plural
from .reactions import foresee_choices
from .state import SoloState
from .turn import MAIN

#: decision -> the move kinds that answer it
ANSWERS = {
    "hero": ("hero",),
    "defend": ("defend", "accept"),
    "hand_discard": ("discard",),
    "destroy": ("destroy", "done"),
    "foresee": ("foresee", "done"),
    "free_defeat": ("free",),
    "secure": ("hq", "stack"),
}
ANSWER_KINDS = frozenset(k for kinds in ANSWERS.values() for k in kinds)
DESTROY_FROM = {"hand": "hand", "discard": "discard pile",
                "hand_or_discard": "hand or discard pile"}


class SoloText(GameText):
    # -- refusals --------------------------------------------------------------------------
    def explain(self, s: SoloState, m: Move) -> str:
        if s.over:
            return "The game is over."
        if m.seat != 0:
            return "This is a one-player game: every move is P1's."
        kind = s.pending.kind
        if kind != MAIN and m.kind not in ANSWERS[kind]:
            return f"First decide: {self.status(s, 0)}."
        if kind == MAIN and m.kind in ANSWER_KINDS:
            return "Nothing is waiting for that decision now."
        why = _EXPLAIN.get(m.kind)
        return (why and why(s, m)) or f"Not now: {self.status(s, 0)}."

    # -- the status line -------------------------------------------------------------------
    def status(self, s: SoloState, seat: int | None = None) -> str:
        if s.over:
            return s.result
        return _STATUS[s.pending.kind](s, s.pending)

    # -- labels ----------------------------------------------------------------------------
    def primary(self, move: Move) -> bool:
        return move.kind == "end"

    def describe(self, s: SoloState, m: Move) -> str:
        """A move in plain words (``Buy Weighted Baton for 2 Power``); two copies of a
        card in the resource row or the battleground are told apart by their places (the
        villains attack the row from the right and are pushed out from the right)."""
        label = _LABELS.get(m.kind)
        if label is None:
            return m.kind.capitalize()
        return label(s, m, s.name(m.card) if m.card is not None else "")

    # -- the main menu ---------------------------------------------------------------------
    def showcase(self, catalog: Catalog) -> list:
        """Superheroes and the supervillains they face, in turn."""
        heroes = catalog.of_kind("superhero")
        foes = catalog.of_kind("supervillain")
        fan = [card for pair in zip(heroes, foes, strict=False) for card in pair]
        return fan[:5]


# -- refusals, by move kind ----------------------------------------------------------------
#: why the player's cards outside the hand are not played
STAYS = {
    "hero.0": "Your superhero stays in front of you: its power works by itself.",
    "hq.0": "Your HQ stays in front of you: its ability works by itself.",
    "secured.0": "Secured locations stay in your Secured stack.",
    "played.0": "A played card stays in play until the end of the turn; then it goes to "
                "your discard pile.",
    "discard.0": "The cards of your discard pile come back when it is shuffled into your "
                 "empty deck; they are not played from there.",
}


def _why_play(s: SoloState, m: Move) -> str | None:
    if m.card not in s.zones["hand.0"]:
        return STAYS.get(s.where(m.card), "Only cards in your hand can be played.")
    inf = s.info[m.card]
    if not inf.effects:
        return (f"{inf.name} does nothing when played: it stays in your hand and is "
                "discarded at the end of the turn.")
    if m.target != "played.0":
        return "Play a card by dropping it in the Played area above your hand."
    return None


def _why_buy(s: SoloState, m: Move) -> str:
    z = s.zones
    card = m.card
    if card in z["battleground"] or card == s.supervillain:
        return "Villains are defeated, not bought: drop it on the Defeated pile."
    if card not in z["row"] and (not z["kicks"] or card != z["kicks"][-1]):
        return "You can buy the cards of the resource row and the top card of the " \
               "Haymaker pile."
    inf = s.info[card]
    if inf.cost <= s.power and m.target != "discard.0":
        return "A card you buy goes to your discard pile: drop it there."
    return f"{inf.name} costs {inf.cost} Power; you have {s.power}."


def _why_defeat(s: SoloState, m: Move) -> str:
    z = s.zones
    card = m.card
    if card == s.supervillain or card in z["battleground"]:
        cost = s.sv_cost() if card == s.supervillain else s.info[card].cost
        if cost <= s.power and m.target != "defeated":
            return "A villain you defeat goes to the Defeated pile: drop it there."
    if card == s.supervillain:
        inf = s.info[card]
        loc = s.loc_info()
        return (f"{inf.name} costs {inf.cost} + {loc.modifier} ({loc.name}) = "
                f"{s.sv_cost()} Power; you have {s.power}.")
    if card in z["row"] or (z["kicks"] and card == z["kicks"][-1]):
        return "Resources are bought: drop it on your discard pile."
    if card not in z["battleground"]:
        return "Only the villains in the battleground and the supervillain can be defeated."
    inf = s.info[card]
    return f"{inf.name} costs {inf.cost} Power to defeat; you have {s.power}."


_EXPLAIN: dict[str, Callable[[SoloState, Move], str | None]] = {
    "play": _why_play,
    "buy": _why_buy,
    "defeat": _why_defeat,
    "defend": lambda s, m: "Only a Defense card in your hand can prevent the Weakness.",
    "discard": lambda s, m: "Choose one of the cards offered (from your hand or discard "
                            "pile).",
    "destroy": lambda s, m: "Choose one of the cards offered (from your hand or discard "
                            "pile).",
    "free": lambda s, m: "Choose a villain in the battleground to defeat for free.",
}


# -- the status line, by decision ----------------------------------------------------------
def _foresee_status(s: SoloState, d: Decision) -> str:
    options = [s.name(c) for c in foresee_choices(s)]
    return f"{d.data[0]}: play {' or '.join(options)}, or neither"


_STATUS: dict[str, Callable[[SoloState, Decision], str]] = {
    MAIN: lambda s, d: f"Step 6: play cards, buy resources, defeat villains \u2014 "
                       f"{s.power} Power",
    "hero": lambda s, d: "Choose your superhero",
    "defend": lambda s, d: f"{d.data[0]}: use a Defense card to prevent the Weakness, or "
                           "take it",
    "hand_discard": lambda s, d: f"{d.data[1]}: discard {plural(d.data[0], 'card')} from "
                                 "your hand",
    "destroy": lambda s, d: f"{d.data[2]}: destroy up to {plural(d.data[0], 'card')} from "
                            f"your {DESTROY_FROM[d.data[1]]}, or done",
    "foresee": _foresee_status,
    "free_defeat": lambda s, d: "Location secured: choose a villain to defeat for free",
    "secure": lambda s, d: f"{s.name(d.data[0])} is secured: make it your HQ or put it in "
                           "the Secured stack",
}


# -- button and menu labels, by move kind --------------------------------------------------
def _foresee_label(s: SoloState, m: Move, name: str) -> str:
    where = "revealed" if m.card in s.zones["revealed"] else "resources discard"
    return f"Play {name} ({where})"


def place(s: SoloState, card: int) -> str:
    """Where a card lies in the resource row or the battleground, when another card of
    its name lies there too (`` (the leftmost)``, `` (2nd from the left)``); else ""."""
    zone = s.where(card)
    cards = s.zones.get(zone, []) if zone in ("row", "battleground") else []
    if sum(1 for c in cards if s.name(c) == s.name(card)) < 2:
        return ""
    i = cards.index(card)
    if i == 0:
        return " (the leftmost)"
    if i == len(cards) - 1:
        return " (the rightmost)"
    return f" ({i + 1}{ORDINAL.get(i + 1, 'th')} from the left)"


ORDINAL = {2: "nd", 3: "rd"}


def _defeat_label(s: SoloState, m: Move, name: str) -> str:
    if m.card == s.supervillain:
        return f"Defeat {name} for {s.sv_cost()} Power"
    return f"Defeat {name}{place(s, m.card)} for {s.info[m.card].cost} Power"


_LABELS: dict[str, Callable[[SoloState, Move, str], str]] = {
    "play": lambda s, m, name: f"Play {name}",
    "buy": lambda s, m, name: f"Buy {name}{place(s, m.card)} for {s.info[m.card].cost} Power",
    "defeat": _defeat_label,
    "hero": lambda s, m, name: f"Play as {name}",
    "defend": lambda s, m, name: f"Prevent it with {name}",
    "accept": lambda s, m, name: "Take the Weakness",
    "discard": lambda s, m, name: f"Discard {name}",
    "destroy": lambda s, m, name: f"Destroy {name} "
                                  f"({'hand' if m.target == 'hand' else 'discard pile'})",
    "foresee": _foresee_label,
    "done": lambda s, m, name: "Play neither" if s.pending is not None
                                                and s.pending.kind == "foresee" else "Done",
    "free": lambda s, m, name: f"Defeat {name}{place(s, m.card)} for free",
    "hq": lambda s, m, name: f"Make {name} your HQ",
    "stack": lambda s, m, name: "Put it in the Secured stack",
    "end": lambda s, m, name: "End turn (villains attack)",
}
