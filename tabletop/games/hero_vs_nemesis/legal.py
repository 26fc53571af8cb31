"""Which moves a Hero vs Nemesis player has at each decision (pure functions of the state,
used by the turn, the refusals and the computer player), and an exact one-move test
that does not list them all (:func:`is_legal`)."""

from __future__ import annotations

from collections.abc import Callable

from ...engine.moves import Move
from . import reckoning as rk
from .state import HERO, LOSSES, NEMESIS, HvNState

#: ``_new(Move, (kind, seat, card, target, choice))`` is ``Move(kind, seat, card, target,
#: choice)`` without the named tuple's argument handling (the legal moves are listed at
#: every step of a playout, so the computer players' search makes millions of them)
_new = tuple.__new__


# -- the hero ----------------------------------------------------------------------------------
def offer_moves(s: HvNState, kind: str, seat: int) -> list[Move]:
    """Set-up: take one of the cards laid out (``ace``, ``king`` or ``resource``)."""
    hand = f"hand.{seat}"
    return [Move(kind, seat, c, hand) for c in s.zones[f"offer.{seat}"]]


def lost_moves() -> list[Move]:
    return [Move("lost", NEMESIS, None, None, i) for i in range(len(LOSSES))]


def open_conflicts(s: HvNState) -> list[int]:
    is_countered = rk.is_countered
    return [c for c in s.zones["conflicts"] if not is_countered(s, c)]


def all_countered(s: HvNState) -> bool:
    for c in s.zones["conflicts"]:
        if not rk.is_countered(s, c):
            return False
    return True


def counter_moves(s: HvNState) -> list[Move]:
    """Hero step 3: a card from the hand onto a conflict not yet countered."""
    open_ = open_conflicts(s)
    out = [_new(Move, ("counter", HERO, c, t, None)) for c in s.zones["hand.0"] for t in open_]
    if s.popular > 0:
        out.extend(switches(s))
    return out


def switches(s: HvNState) -> list[Move]:
    """Spending popular support to switch a card (while the hero plays cards)."""
    if s.popular <= 0 or not s.zones["deck"]:
        return []
    return [_new(Move, ("switch", HERO, c, "deck", None)) for c in s.zones["hand.0"]]


#: Hero vs Nemesis's rules version 2: the hero may give up a showdown only when its cards
#: cannot top the stake; games saved under version 1 keep the older reading
SHOWDOWN = 2


def may_yield(s: HvNState) -> bool:
    """The hero gives up a showdown only when it cannot top the stake (ruling 14)."""
    return (s.ruleset is not None and s.ruleset < SHOWDOWN) or not rk.could_top(s)


def answer_moves(s: HvNState) -> list[Move]:
    out = [_new(Move, ("answer", HERO, c, "showdown", None)) for c in s.zones["hand.0"]]
    out.extend(switches(s))
    if may_yield(s):
        out.append(Move("yield", HERO))
    return out


#: the nemesis's moves without a card (the same at every decision)
SHOWDOWN_MOVE = Move("showdown", NEMESIS)
END_MOVE = Move("end", NEMESIS)


# -- the nemesis -------------------------------------------------------------------------------
def playable(s: HvNState) -> list[int]:
    """The nemesis's cards it may play now: never the last card of its hand."""
    hand = s.zones["hand.1"]
    return (hand if len(hand) >= 2 else []) + s.zones["support.1"]


def hinderable(s: HvNState, conflict: int) -> bool:
    """A conflict with a value to raise that no joker of the hero's has countered."""
    return not s.info[conflict].needs and not rk.tally(s, conflict).joker


def meddles(s: HvNState) -> list[Move]:
    """Help or hinder: a card onto a conflict (hinder) or onto its counter (help)."""
    cards = playable(s)
    if not cards:
        return []
    out = []
    info = s.info
    for t in s.zones["conflicts"]:
        now = rk.tally(s, t)
        if not info[t].needs and not now.joker:  # hinderable(s, t), from the same tally
            out.extend([_new(Move, ("hinder", NEMESIS, c, t, None)) for c in cards])
        if not now.countered:
            out.extend([_new(Move, ("help", NEMESIS, c, t, None)) for c in cards])
    return out


def window_useful(s: HvNState, stage: str) -> bool:
    """Is the nemesis asked to help or hinder? Before the hero acts, any card it may play
    changes what the hero faces; once the hero is done, only cards that can turn a
    conflict around (countered into standing, or standing into countered) matter."""
    if not playable(s) or not any(_meddlable(s, t) for t in s.zones["conflicts"]):
        return False  # no card to play, or nowhere to play it
    if stage == "before":
        return True
    hand = s.zones["hand.1"]
    support = s.zones["support.1"]
    values = sorted(s.info[c].value for c in hand)
    budget = len(support) + (sum(values[1:]) if len(values) >= 2 else 0)
    count = len(support) + max(0, len(hand) - 1)
    return any(_turnable(s, t, budget, count) for t in s.zones["conflicts"])


def _meddlable(s: HvNState, t: int) -> bool:
    """Can the nemesis play on conflict ``t`` (hinder it, or help while it stands)?"""
    now = rk.tally(s, t)
    return not now.countered or (not s.info[t].needs and not now.joker)


def _turnable(s: HvNState, t: int, budget: int, count: int) -> bool:
    """Could cards worth ``budget`` (``count`` of them) turn conflict ``t`` around?"""
    needs = s.info[t].needs
    now = rk.tally(s, t)
    if now.countered:
        return hinderable(s, t) and budget >= now.counter - now.total
    if needs:
        return now.cards + count >= needs
    return now.counter + budget > now.total


def scavengeable(s: HvNState) -> list[int]:
    """What the nemesis may take from the cards set aside: a joker only when nothing else
    is there."""
    aside = s.zones["aside"]
    return [c for c in aside if not s.info[c].joker] or aside


def scavenge_moves(s: HvNState) -> list[Move]:
    top, info, goes_to = rk.hand_top(s), s.info, rk.goes_to  # scavenge_to(s, c), top once
    return [_new(Move, ("scavenge", NEMESIS, c, goes_to(info[c].value, top), None))
            for c in scavengeable(s)]


def plot_moves(s: HvNState) -> list[Move]:
    """Nemesis steps 3-4: a card towards a scheme, a showdown, or the end of the turn."""
    cards = playable(s)
    out = [_new(Move, ("plot", NEMESIS, c, sc, None)) for sc in s.zones["schemes"]
           for c in cards]
    if cards:
        out.append(SHOWDOWN_MOVE)
    out.append(END_MOVE)
    return out


def staked(s: HvNState) -> bool:
    return any(s.role.get(c) == "stake" for c in s.zones["showdown"])


def stake_moves(s: HvNState) -> list[Move]:
    out = [_new(Move, ("stake", NEMESIS, c, "showdown", None)) for c in playable(s)]
    if staked(s):
        out.append(Move("challenge", NEMESIS))
    return out


def returnable(s: HvNState) -> list[int]:
    """Cards the nemesis played from its hand this turn that bad press may bring back."""
    if s.press <= 0:
        return []
    return [c for c in s.zones["spent"] if c not in s.weak and not s.info[c].joker]


def return_moves(s: HvNState) -> list[Move]:
    out = [_new(Move, ("return", NEMESIS, c, "hand.1", None)) for c in returnable(s)]
    out.append(END_MOVE)
    return out


# -- one move at a time -------------------------------------------------------------------------
Check = Callable[[HvNState, Move], bool]


def _bare(s: HvNState, m: Move) -> bool:
    return m.card is None and m.target is None and m.choice is None


def _card_to(target: str, cards: Callable[[HvNState], list[int]]) -> Check:
    """A card of ``cards(s)`` moved to the fixed ``target``."""
    def check(s: HvNState, m: Move) -> bool:
        return m.target == target and m.choice is None and m.card in cards(s)
    return check


def _offered(s: HvNState, m: Move) -> bool:
    seat = m.seat
    return (m.target == f"hand.{seat}" and m.choice is None
            and m.card in s.zones[f"offer.{seat}"])


def _lost(s: HvNState, m: Move) -> bool:
    return m.card is None and m.target is None and m.choice in range(len(LOSSES))


def _counter(s: HvNState, m: Move) -> bool:
    t = m.target
    return (m.choice is None and m.card in s.zones["hand.0"] and t in s.zones["conflicts"]
            and not rk.is_countered(s, t))


def _switch(s: HvNState, m: Move) -> bool:
    return (m.target == "deck" and m.choice is None and s.popular > 0
            and bool(s.zones["deck"]) and m.card in s.zones["hand.0"])


def _on_conflict(s: HvNState, m: Move) -> bool:
    return m.choice is None and m.target in s.zones["conflicts"] and m.card in playable(s)


def _hinder(s: HvNState, m: Move) -> bool:
    return _on_conflict(s, m) and hinderable(s, m.target)


def _help(s: HvNState, m: Move) -> bool:
    return _on_conflict(s, m) and not rk.is_countered(s, m.target)


def _scavenge(s: HvNState, m: Move) -> bool:
    return (m.choice is None and m.card in scavengeable(s)
            and m.target == rk.scavenge_to(s, m.card))


def _plot(s: HvNState, m: Move) -> bool:
    return m.choice is None and m.target in s.zones["schemes"] and m.card in playable(s)


#: move kind -> exact test (the decision's seat already checked)
CHECKS: dict[str, Check] = {
    "ace": _offered, "king": _offered, "resource": _offered, "lost": _lost,
    "counter": _counter, "switch": _switch,
    "hinder": _hinder, "help": _help, "pass": _bare,
    "scavenge": _scavenge,
    "plot": _plot, "showdown": lambda s, m: _bare(s, m) and bool(playable(s)),
    "end": _bare,
    "stake": _card_to("showdown", playable),
    "challenge": lambda s, m: _bare(s, m) and staked(s),
    "answer": _card_to("showdown", lambda s: s.zones["hand.0"]),
    "yield": lambda s, m: _bare(s, m) and may_yield(s),
    "return": _card_to("hand.1", returnable),
}

#: decision kind -> the move kinds it accepts
ACCEPTS: dict[str, frozenset[str]] = {
    "ace": frozenset({"ace"}), "king": frozenset({"king"}),
    "resource": frozenset({"resource"}), "lost": frozenset({"lost"}),
    "meddle": frozenset({"hinder", "help", "pass"}),
    "counter": frozenset({"counter", "switch"}),
    "scavenge": frozenset({"scavenge"}),
    "plot": frozenset({"plot", "showdown", "end"}),
    "stake": frozenset({"stake", "challenge"}),
    "answer": frozenset({"answer", "switch", "yield"}),
    "return": frozenset({"return", "end"}),
}


def is_legal(s: HvNState, m: Move) -> bool:
    """``m in legal_moves(s)``, without listing the moves."""
    d = s.pending
    if d is None or s.over or m.seat != d.seat or m.kind not in ACCEPTS[d.kind]:
        return False
    return CHECKS[m.kind](s, m)
