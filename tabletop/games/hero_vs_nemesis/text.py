"""How Hero vs Nemesis talks to the table: why a move is refused (one sentence naming the
rule), the status line, button labels, the narration box's prompts, the story
(:mod:`.story`) and the menu's fan. The notation is :mod:`.notation`."""

from __future__ import annotations

from collections.abc import Callable

from ...engine.cards import Catalog
from ...engine.moves import Move
from ...engine.presentation import GameText
from . import reckoning as rk
from .cards import deck_of
from .legal import may_yield
from .notation import SETUP
from .state import HERO, LOSSES, NEMESIS, HvNState
from .story import story

ROLE = ("the hero", "the nemesis")
HERO_KINDS = frozenset({"ace", "king", "counter", "switch", "answer", "yield"})
#: the nemesis's own moves ("pass" and "end" are named alike for both)
NEMESIS_KINDS = frozenset({"resource", "lost", "hinder", "help", "scavenge", "plot",
                           "showdown", "stake", "challenge", "return"})
#: the decision during which each move is made
PHASE_OF = {"counter": "counter", "answer": "answer", "scavenge": "scavenge", "plot": "plot",
            "showdown": "plot", "stake": "stake", "challenge": "stake", "return": "return",
            "hinder": "meddle", "help": "meddle", "pass": "meddle", "yield": "answer"}
WHEN = {
    "counter": "The hero plays cards onto conflicts during their own turn, after the "
               "conflicts are drawn.",
    "answer": "The hero answers only when the nemesis has challenged them to a showdown.",
    "scavenge": "The nemesis scavenges once, at the start of their turn.",
    "plot": "Schemes are worked on during the nemesis's turn, before any showdown.",
    "stake": "Cards are staked on a showdown the nemesis has called, before the challenge.",
    "return": "Bad press returns cards at the end of the nemesis's turn.",
    "meddle": "The nemesis helps or hinders only during the hero's turn, when offered.",
}
PROMPTS = {
    "ace": "Hero name (optional)\u2026",
    "king": "Your powers (optional)\u2026",
    "resource": "Name, codename (optional)\u2026",
    "lost": "What you lost (optional)\u2026",
    "meddle": "How you meddle (optional)\u2026",
    "counter": "How you fight it (optional)\u2026",
    "scavenge": "What you find (optional)\u2026",
    "plot": "Your scheme (optional)\u2026",
    "stake": "The showdown (optional)\u2026",
    "answer": "Your answer (optional)\u2026",
}


class HvNText(GameText):
    # -- refusals -------------------------------------------------------------------------
    def explain(self, s: HvNState, m: Move) -> str:
        if s.over:
            return "The game is over."
        if m.kind in HERO_KINDS and m.seat != HERO or \
                m.kind in NEMESIS_KINDS and m.seat != NEMESIS:
            return f"Only {ROLE[1 - m.seat]} does that; you play {ROLE[m.seat]}."
        if m.seat != s.actor:
            return f"Wait: {self.status(s, s.actor)}"
        card = _card(m)
        if m.kind in SETUP:
            if s.phase not in SETUP:
                return "The set-up is over."
            if card is None or card not in s.zones[f"offer.{m.seat}"]:
                return "Choose one of the cards laid out for you."
            if m.target != f"hand.{m.seat}":
                return f"The {s.name(card)} you choose goes into your hand: drop it on " \
                       "your hand, at the bottom of the table."
            return self.status(s, s.actor) + "."
        if s.phase in SETUP or s.phase == "lost":
            return f"First the set-up: {self.status(s, s.actor)}."
        for rule in (_switch_costs, _nemesis_source, _timing, _RULES.get(m.kind)):
            why = rule(s, m, card) if rule is not None else ""
            if why:
                return why
        return f"Not now: {self.status(s, s.actor)}."

    # -- the status line --------------------------------------------------------------------
    def status(self, s: HvNState, seat: int | None = None) -> str:
        if s.over:
            return s.result
        line = _STATUS.get(s.phase)
        if line is None:
            return ""
        return f"{'Hero' if s.actor == HERO else 'Nemesis'}: {line(s)}"

    def narration_prompt(self, s: HvNState, seat: int | None) -> str:
        return PROMPTS.get(s.phase, "Narrate (optional)\u2026")

    # -- labels ------------------------------------------------------------------------------
    def primary(self, move: Move) -> bool:
        return move.kind == "end"

    def describe(self, s: HvNState, m: Move) -> str:
        """A move in plain words: cards by name (``the 7 of Clubs``), conflicts by what
        they are (``the Kidnapping``), the nemesis's support-pile cards said to be so."""
        label = _LABELS.get(m.kind)
        return label(s, m) if label is not None else m.kind.capitalize()

    # -- story, the menu's fan ----------------------------------------------------------------
    def story(self, session) -> str:
        return story(session)

    def showcase(self, catalog: Catalog) -> list:
        """The four Aces and a King, with their meanings."""
        cards, info = deck_of(catalog)
        aces = [c for c, i in zip(cards, info, strict=True) if i.rank == "A"]
        kings = [c for c, i in zip(cards, info, strict=True) if i.rank == "K"]
        return (aces + kings)[:5]


def _card(m: Move) -> int | None:
    return m.card if isinstance(m.card, int) and m.card >= 0 else None


# -- why a move is refused ------------------------------------------------------------------
Rule = Callable[[HvNState, Move, "int | None"], str]


def _switch_costs(s: HvNState, m: Move, card: int | None) -> str:
    if m.kind != "switch":
        return ""
    if s.popular <= 0:
        return "Switching a card costs a token of popular support, and the hero has none."
    if not s.zones["deck"]:
        return "The deck is empty: there is no card to switch for."
    if s.phase not in ("counter", "answer"):
        return "Popular support is spent while the hero is playing cards (conflicts or " \
               "a showdown)."
    return ""


def _nemesis_source(s: HvNState, m: Move, card: int | None) -> str:
    if m.kind not in ("hinder", "help", "plot", "stake") or card is None:
        return ""
    hand = s.zones["hand.1"]
    if card in hand and len(hand) < 2:
        return "The nemesis can never play the last card in their hand."
    if card not in hand and card not in s.zones["support.1"]:
        return "The nemesis plays cards from their hand or their support pile."
    return ""


def _timing(s: HvNState, m: Move, card: int | None) -> str:
    phase = PHASE_OF.get(m.kind)
    return WHEN[phase] if phase is not None and s.phase != phase else ""


def _on_conflict(s: HvNState, m: Move) -> int | None:
    t = m.target
    return t if isinstance(t, int) and t in s.zones["conflicts"] else None


def _counter(s: HvNState, m: Move, card: int | None) -> str:
    if card not in s.zones["hand.0"]:
        return "The hero plays cards from their hand."
    t = _on_conflict(s, m)
    return "Drop the card on a conflict." if t is None else _countered_why(s, t)


def _hinder(s: HvNState, m: Move, card: int | None) -> str:
    t = _on_conflict(s, m)
    if t is None:
        return "Drop the card on a conflict to raise it."
    if s.info[t].needs:
        return (f"The {s.info[t].conflict} has no value to raise: it needs "
                f"{s.info[t].needs} cards, whatever their values.")
    if rk.tally(s, t).joker:
        return "The hero countered that conflict with a joker: nothing can undo it."
    return ""


def _help(s: HvNState, m: Move, card: int | None) -> str:
    t = _on_conflict(s, m)
    if t is None:
        return "Drop the card on a conflict's counter to help it."
    return _countered_why(s, t)


def _scavenge(s: HvNState, m: Move, card: int | None) -> str:
    if card not in s.zones["aside"]:
        return "Scavenge one of the cards the hero set aside."
    inf = s.info[card]
    if inf.joker:
        return "A joker may be taken only when nothing else was set aside."
    if rk.scavenge_to(s, card) == "support.1":
        return (f"The {inf.name} is more than one higher than every card in your hand: "
                "it goes to your support pile.")
    return f"The {inf.name} is at most one higher than a card in your hand: it goes " \
           "into your hand."


def _plot(s: HvNState, m: Move, card: int | None) -> str:
    if not isinstance(m.target, int) or m.target not in s.zones["schemes"]:
        return "Drop the card on one of your schemes."
    return ""


def _return(s: HvNState, m: Move, card: int | None) -> str:
    from .legal import returnable

    if card in returnable(s) and m.target != "hand.1":
        return "Bad press returns a card to the nemesis's hand: drop it on your hand."
    if s.press <= 0:
        return "Returning a card costs one of the hero's bad press tokens; there are none."
    if card is not None and s.info[card].joker:
        return "A joker cannot be returned to the hand with bad press."
    if card in s.weak:
        return "Only cards played from the hand can be returned, not support-pile cards."
    return "Only cards the nemesis played from their hand this turn can be returned."


def _answer(s: HvNState, m: Move, card: int | None) -> str:
    if card not in s.zones["hand.0"]:
        return "The hero answers with cards from their hand."
    if m.target != "showdown":
        return "The hero answers a showdown by dropping cards on the showdown area."
    return ""


def _stake(s: HvNState, m: Move, card: int | None) -> str:
    if m.target != "showdown":
        return "Stake a card by dropping it on the showdown area."
    return ""


_RULES: dict[str, Rule] = {
    "counter": _counter,
    "hinder": _hinder,
    "help": _help,
    "scavenge": _scavenge,
    "plot": _plot,
    "showdown": lambda s, m, card: "A showdown needs a card to stake: the nemesis can "
                                   "never play the last card in their hand.",
    "challenge": lambda s, m, card: "Stake at least one card before challenging the hero.",
    "return": _return,
    "answer": _answer,
    "stake": _stake,
    "yield": lambda s, m, card: "The hero plays as many cards as it takes to top the "
                                f"nemesis ({rk.stake_words(s)}); a showdown is only given "
                                "up when the hand cannot top it."
    if s.phase == "answer" else "",
}


def _countered_why(s: HvNState, t: int) -> str:
    tinf = s.info[t]
    now = rk.tally(s, t)
    if now.joker:
        return f"The {tinf.conflict} is already countered (by a joker)."
    if tinf.needs:
        return f"The {tinf.conflict} is already countered: it had the {tinf.needs} cards " \
               "it needs."
    return (f"The {tinf.conflict} is already countered: its counter ({now.counter}) is "
            f"higher than the conflict ({now.total}).")


# -- the status line and labels ---------------------------------------------------------------
def _meddle_status(s: HvNState) -> str:
    when = "before the hero acts" if s.stage == "before" else "now that the hero is done"
    return f"help or hinder a conflict {when} \u2014 or let it be"


def _counter_status(s: HvNState) -> str:
    left = sum(1 for c in s.zones["conflicts"] if not rk.is_countered(s, c))
    return (f"play cards onto the conflicts ({left} not countered yet): counter them all "
            "or play your whole hand")


_STATUS: dict[str, Callable[[HvNState], str]] = {
    "ace": lambda s: "drag the Ace of your greatest power into your hand",
    "king": lambda s: "drag a King into your hand (the Queens of the other suits follow)",
    "resource": lambda s: "drag the 2 of your first resource into your hand",
    "lost": lambda s: "choose what the hero took from you",
    "meddle": _meddle_status,
    "counter": _counter_status,
    "scavenge": lambda s: "take one card the hero set aside",
    "plot": lambda s: "play cards to complete a scheme, call a showdown or end the turn",
    "stake": lambda s: "stake cards on the showdown, then challenge the hero",
    "answer": lambda s: f"answer the showdown ({rk.stake_words(s)})"
                        + (" \u2014 or give up" if may_yield(s) else ""),
    "return": lambda s: "spend bad press to take played cards back \u2014 or end the turn",
}


def _worth(s: HvNState, card: int) -> int:
    return 1 if card in s.zones["support.1"] else s.info[card].value


def _conflict(s: HvNState, t: int) -> str:
    """A conflict as the table names it (``the Kidnapping``), with its field or its card
    when another conflict on the table has the same name."""
    inf = s.info[t]
    twins = [c for c in s.zones["conflicts"] if c != t and s.info[c].conflict == inf.conflict]
    if not twins:
        return f"the {inf.conflict}"
    if inf.field and all(s.info[c].field != inf.field for c in twins):
        return f"the {inf.conflict} ({inf.field})"
    return f"the {inf.conflict} ({s.name(t)})"


def _nemesis_card(s: HvNState, card: int) -> str:
    """A card the nemesis plays, and where from when it is the support pile (worth 1
    there)."""
    return f"the {s.name(card)}" + (" from your support pile"
                                    if card in s.zones["support.1"] else "")


def _scavenge_words(s: HvNState, m: Move) -> str:
    where = "into your hand" if m.target == "hand.1" else "onto your support pile"
    return f"Scavenge the {s.name(m.card)} {where}"


_LABELS: dict[str, Callable[[HvNState, Move], str]] = {
    "lost": lambda s, m: f"They took my {LOSSES[m.choice]}",
    "pass": lambda s, m: "Let it be" if s.stage == "before" else "No more meddling",
    "showdown": lambda s, m: "Call a showdown",
    "challenge": lambda s, m: f"Challenge the hero ({rk.stake_words(s)})",
    "yield": lambda s, m: "Give up the showdown",
    "end": lambda s, m: "Done: end the turn" if s.phase == "return" else "End the turn",
    "hinder": lambda s, m: f"Hinder {_conflict(s, m.target)} with "
                           f"{_nemesis_card(s, m.card)}: raise it to "
                           f"{rk.tally(s, m.target).total + _worth(s, m.card)}",
    "help": lambda s, m: f"Help the hero counter {_conflict(s, m.target)} with "
                         f"{_nemesis_card(s, m.card)} (+{_worth(s, m.card)})",
    "ace": lambda s, m: f"Take the {s.name(m.card)} (your greatest power: "
                        f"{s.info[m.card].power})",
    "king": lambda s, m: f"Take the {s.name(m.card)} (the other suits' Queens follow)",
    "resource": lambda s, m: f"Take the {s.name(m.card)} (your first resource: "
                             f"{s.info[m.card].resource})",
    "counter": lambda s, m: f"Counter {_conflict(s, m.target)} with the {s.name(m.card)}",
    "switch": lambda s, m: f"Switch the {s.name(m.card)} for a card from the deck",
    "scavenge": _scavenge_words,
    "plot": lambda s, m: f"Work on the {s.name(m.target)} scheme with "
                         f"{_nemesis_card(s, m.card)}",
    "stake": lambda s, m: f"Stake {_nemesis_card(s, m.card)} on the showdown",
    "answer": lambda s, m: f"Answer the showdown with the {s.name(m.card)}",
    "return": lambda s, m: f"Take back the {s.name(m.card)} (bad press)",
}


