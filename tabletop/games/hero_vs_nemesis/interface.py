"""How Hero vs Nemesis talks to the table: the status line, button labels, what a drop
means, the narration box's prompts, and the words for a showdown's stake."""

from __future__ import annotations

from ...engine.moves import Move
from . import notation
from . import reckoning as rk
from .state import HERO, LOSSES, NEMESIS, HvNState

DRAG_KINDS = frozenset({"ace", "king", "resource", "counter", "switch", "hinder", "help",
                        "scavenge", "plot", "stake", "answer", "return"})


def stake_words(s: HvNState) -> str:
    """``a total of 21 and jokers that take 2 of the hero's cards``."""
    demand, total = rk.stake_demand(s)
    parts = []
    if total:
        parts.append(f"a total of {total}")
    if demand:
        parts.append(f"jokers that take {demand} of the hero's cards")
    return " and ".join(parts)


def status(s: HvNState) -> str:
    """One line: who must do what now."""
    if s.over:
        return s.result
    ph = s.phase
    who = "Hero" if s.actor == HERO else "Nemesis"
    if ph == "ace":
        return f"{who}: drag the Ace of your greatest power into your hand"
    if ph == "king":
        return f"{who}: drag a King into your hand (the Queens of the other suits follow)"
    if ph == "resource":
        return f"{who}: drag the 2 of your first resource into your hand"
    if ph == "lost":
        return f"{who}: choose what the hero took from you"
    if ph == "meddle":
        when = "before the hero acts" if s.stage == "before" else "now that the hero is done"
        return f"{who}: help or hinder a conflict {when} \u2014 or let it be"
    if ph == "counter":
        left = sum(1 for c in s.zones["conflicts"] if not rk.is_countered(s, c))
        return (f"{who}: play cards onto the conflicts ({left} not countered yet): "
                "counter them all or play your whole hand")
    if ph == "scavenge":
        return f"{who}: take one card the hero set aside"
    if ph == "plot":
        return f"{who}: play cards to complete a scheme, call a showdown or end the turn"
    if ph == "stake":
        return f"{who}: stake cards on the showdown, then challenge the hero"
    if ph == "answer":
        return f"{who}: answer the showdown ({stake_words(s)}) \u2014 or give up"
    if ph == "return":
        return f"{who}: spend bad press to take played cards back \u2014 or end the turn"
    return ""


def gesture(move: Move) -> str:
    """Cards are dragged; everything else is a button."""
    return "drag" if move.kind in DRAG_KINDS else "button"


def describe(s: HvNState, m: Move) -> str:
    """The label of a button or menu entry."""
    k = m.kind
    if k == "lost":
        return f"They took my {LOSSES[m.choice]}"
    if k == "pass":
        return "Let it be" if s.stage == "before" else "No more meddling"
    if k == "showdown":
        return "Call a showdown"
    if k == "challenge":
        return f"Challenge the hero ({stake_words(s)})"
    if k == "yield":
        return "Give up the showdown"
    if k == "end":
        return "Done: end the turn" if s.phase == "return" else "End the turn"
    if k == "hinder":
        w = 1 if m.card in s.zones["support.1"] else s.info[m.card].value
        return f"Hinder: raise the {s.info[m.target].conflict} to " \
               f"{rk.conflict_total(s, m.target) + w}"
    if k == "help":
        w = 1 if m.card in s.zones["support.1"] else s.info[m.card].value
        return f"Help the hero's counter (+{w})"
    return notation.format_move(s, m)


def move_for_drop(s: HvNState, seat: int, card: int, target: int | str) -> Move | None:
    """What a player means by dropping ``card`` on ``target`` (legal or not)."""
    if card is None or card < 0:
        return None
    where = s.where(card)
    if isinstance(target, int) and target in s.attached:
        # a drop on a card played onto a conflict or scheme means that conflict/scheme
        on = s.attached[target]
        if s.role.get(target) in ("counter", "help") and seat == NEMESIS:
            return Move("help", seat, card, on)
        target = on
    if where in ("offer.0", "offer.1"):
        return Move(s.phase if s.phase in ("ace", "king", "resource") else "ace", seat,
                    card, f"hand.{seat}")
    if where == "aside":
        return Move("scavenge", seat, card, target)
    if where == "spent":
        return Move("return", seat, card, "hand.1")
    if seat == HERO and where == "hand.0":
        if target == "deck":
            return Move("switch", HERO, card, "deck")
        if target == "showdown" or s.phase == "answer":
            return Move("answer", HERO, card, "showdown")
        if isinstance(target, int) and target in s.zones["conflicts"]:
            return Move("counter", HERO, card, target)
        return None
    if seat == NEMESIS and where in ("hand.1", "support.1"):
        if target == "showdown" or s.phase == "stake":
            return Move("stake", NEMESIS, card, "showdown")
        if isinstance(target, int) and target in s.zones["schemes"]:
            return Move("plot", NEMESIS, card, target)
        if isinstance(target, int) and target in s.zones["conflicts"]:
            return Move("hinder", NEMESIS, card, target)
    return None


def narration_prompt(s: HvNState) -> str:
    """What the narration box suggests writing now."""
    return PROMPTS.get(s.phase, "Narrate (optional)\u2026")


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
