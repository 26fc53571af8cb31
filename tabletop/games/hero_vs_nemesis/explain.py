"""Why a Hero vs Nemesis move is refused: one sentence naming the rule."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.moves import Move
from . import reckoning as rk
from .state import HERO, NEMESIS, HvNState

if TYPE_CHECKING:
    from .rules import HeroVsNemesisGame

ROLE = ("the hero", "the nemesis")
HERO_KINDS = {"ace", "king", "counter", "switch", "answer", "yield"}
NEMESIS_KINDS = {"resource", "lost", "hinder", "help", "scavenge", "plot", "showdown",
                 "stake", "challenge", "return", "pass", "end"}
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


def explain(game: HeroVsNemesisGame, s: HvNState, m: Move) -> str:  # noqa: C901
    if s.over:
        return "The game is over."
    if m.kind in HERO_KINDS and m.seat != HERO or m.kind in NEMESIS_KINDS - {"end", "pass"} \
            and m.seat != NEMESIS:
        return f"Only {ROLE[1 - m.seat]} does that; you play {ROLE[m.seat]}."
    if m.seat != s.actor:
        return f"Wait: {game.status(s, s.actor)}"
    card = m.card if isinstance(m.card, int) and m.card >= 0 else None
    inf = s.info[card] if card is not None else None
    k = m.kind
    if k in ("ace", "king", "resource"):
        if s.phase not in ("ace", "king", "resource"):
            return "The set-up is over."
        if card is None or card not in s.zones[f"offer.{m.seat}"]:
            return "Choose one of the cards laid out for you."
        return game.status(s, s.actor) + "."
    if s.phase in ("ace", "king", "resource", "lost"):
        return f"First the set-up: {game.status(s, s.actor)}."
    if k == "switch":
        if s.popular <= 0:
            return "Switching a card costs a token of popular support, and the hero has none."
        if not s.zones["deck"]:
            return "The deck is empty: there is no card to switch for."
        if s.phase not in ("counter", "answer"):
            return "Popular support is spent while the hero is playing cards (conflicts or " \
                   "a showdown)."
    if k in ("hinder", "help", "plot", "stake") and card is not None:
        hand = s.zones["hand.1"]
        if card in hand and len(hand) < 2:
            return "The nemesis can never play the last card in their hand."
        if card not in hand and card not in s.zones["support.1"]:
            return "The nemesis plays cards from their hand or their support pile."
    phase = PHASE_OF.get(k)
    if phase is not None and s.phase != phase:
        return WHEN[phase]
    if k == "counter":
        if card not in s.zones["hand.0"]:
            return "The hero plays cards from their hand."
        t = m.target
        if not isinstance(t, int) or t not in s.zones["conflicts"]:
            return "Drop the card on a conflict."
        return _countered_why(s, t)
    if k == "hinder":
        t = m.target
        if not isinstance(t, int) or t not in s.zones["conflicts"]:
            return "Drop the card on a conflict to raise it."
        if s.info[t].needs:
            return (f"The {s.info[t].conflict} has no value to raise: it needs "
                    f"{s.info[t].needs} cards, whatever their values.")
        if rk.joker_countered(s, t):
            return "The hero countered that conflict with a joker: nothing can undo it."
    if k == "help":
        t = m.target
        if isinstance(t, int) and t in s.zones["conflicts"]:
            return _countered_why(s, t)
        return "Drop the card on a conflict's counter to help it."
    if k == "scavenge":
        if card not in s.zones["aside"]:
            return "Scavenge one of the cards the hero set aside."
        if inf.joker:
            return "A joker may be taken only when nothing else was set aside."
        right = rk.scavenge_to(s, card)
        if right == "support.1":
            return (f"The {inf.name} is more than one higher than every card in your hand: "
                    "it goes to your support pile.")
        return f"The {inf.name} is at most one higher than a card in your hand: it goes " \
               "into your hand."
    if k == "plot" and (not isinstance(m.target, int) or m.target not in s.zones["schemes"]):
        return "Drop the card on one of your schemes."
    if k == "showdown" and s.dueled:
        return "Only one showdown per turn."
    if k == "showdown":
        return "A showdown needs a card to stake: the nemesis can never play the last card " \
               "in their hand."
    if k == "challenge":
        return "Stake at least one card before challenging the hero."
    if k == "return":
        if s.press <= 0:
            return "Returning a card costs one of the hero's bad press tokens; there are none."
        if card is not None and inf.joker:
            return "A joker cannot be returned to the hand with bad press."
        if card in s.weak:
            return "Only cards played from the hand can be returned, not support-pile cards."
        return "Only cards the nemesis played from their hand this turn can be returned."
    if k == "answer" and card not in s.zones["hand.0"]:
        return "The hero answers with cards from their hand."
    return f"Not now: {game.status(s, s.actor)}."


def _countered_why(s: HvNState, t: int) -> str:
    tinf = s.info[t]
    if rk.joker_countered(s, t):
        return f"The {tinf.conflict} is already countered (by a joker)."
    if tinf.needs:
        return f"The {tinf.conflict} is already countered: it had the {tinf.needs} cards " \
               "it needs."
    return (f"The {tinf.conflict} is already countered: its counter "
            f"({rk.counter_total(s, t)}) is higher than the conflict "
            f"({rk.conflict_total(s, t)}).")
