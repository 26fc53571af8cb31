"""The arithmetic of Hero vs Nemesis: totals of conflicts, counters, schemes, showdowns.

* A conflict's total is its value plus the nemesis's hinder cards; it is countered when
  the counter (the hero's cards plus the nemesis's help) is *strictly* higher, when the
  hero played a joker on it, or, for a conflict that ``needs`` cards (the joker), when
  that many cards were played on it.
* The nemesis's cards are worth their value from the hand (a joker: its top value, 15)
  and 1 from the support pile.
* A scheme is completed by an *equal or higher* total; each card of the scheme's suit
  counts one more.
* A showdown: each nemesis card that ``needs`` cards (a joker from the hand) takes that
  many of the hero's cards whatever their values; the hero's other cards must beat the
  rest of the nemesis's total (a hero's joker beats any total).
"""

from __future__ import annotations

from typing import NamedTuple

from .state import HvNState


class Tally(NamedTuple):
    """How a conflict stands, in one pass over the cards on it."""

    #: the conflict's value and the nemesis's hinder cards
    total: int
    #: the hero's cards and the nemesis's help
    counter: int
    #: how many cards counter it (the hero's and the help)
    cards: int
    #: a joker of the hero's is on it (the hero relied on plain humanity)
    joker: bool
    countered: bool


def tally(s: HvNState, conflict: int) -> Tally:
    info, role, weak, attached = s.info, s.role, s.weak, s.attached
    total = info[conflict].value
    counter = cards = 0
    joker = False
    for c in s.zones["counters"]:
        if attached.get(c) != conflict:
            continue
        r = role[c]
        if r == "hinder":
            total += 1 if c in weak else info[c].value
            continue
        cards += 1
        if r == "counter":
            counter += info[c].value
            joker = joker or info[c].joker
        else:
            counter += 1 if c in weak else info[c].value
    needs = info[conflict].needs
    return Tally(total, counter, cards, joker,
                 joker or (cards >= needs if needs else counter > total))


def worth(s: HvNState, card: int) -> int:
    """What a card the nemesis played counts for (1 if it came from the support pile)."""
    return 1 if card in s.weak else s.info[card].value


def hero_cards(s: HvNState, conflict: int) -> list[int]:
    role = s.role
    return [c for c in s.on(conflict, "counters") if role[c] == "counter"]


def is_countered(s: HvNState, conflict: int) -> bool:
    """``tally(s, conflict).countered``, with no tally made (the legal moves ask it of
    every conflict)."""
    info, role, weak, attached = s.info, s.role, s.weak, s.attached
    total = info[conflict].value
    counter = cards = 0
    for c in s.zones["counters"]:
        if attached.get(c) != conflict:
            continue
        r = role[c]
        if r == "hinder":
            total += 1 if c in weak else info[c].value
            continue
        cards += 1
        if r == "counter":
            if info[c].joker:
                return True
            counter += info[c].value
        else:
            counter += 1 if c in weak else info[c].value
    needs = info[conflict].needs
    return cards >= needs if needs else counter > total


def same_suit(s: HvNState, conflict: int, cards: list[int] | None = None) -> bool:
    """Countered with only cards of the conflict's own suit (the hero's ``cards``, by
    default those on it)."""
    suit = s.info[conflict].suit
    if cards is None:
        cards = hero_cards(s, conflict)
    return bool(cards) and suit is not None and all(s.info[c].suit == suit for c in cards)


def opposite_colour(s: HvNState, conflict: int, cards: list[int] | None = None) -> bool:
    """Countered with only cards of the other colour (jokers count as neither)."""
    inf = s.info[conflict]
    if cards is None:
        cards = hero_cards(s, conflict)
    return bool(cards) and inf.suit is not None and all(
        not s.info[c].joker and s.info[c].colour != inf.colour for c in cards)


def scheme_total(s: HvNState, scheme: int) -> int:
    suit = s.info[scheme].suit
    return sum(worth(s, c) + (1 if suit is not None and s.info[c].suit == suit else 0)
               for c in s.on(scheme, "plots"))


def hand_top(s: HvNState) -> int | None:
    """The highest value in the nemesis's hand (a joker counts as its top value)."""
    hand = s.zones["hand.1"]
    return max((s.info[c].value for c in hand), default=None)


def scavenge_to(s: HvNState, card: int) -> str:
    """Into the hand if the card is at most one higher than a card already there,
    otherwise onto the support pile."""
    return goes_to(s.info[card].value, hand_top(s))


def goes_to(value: int, top: int | None) -> str:
    """Where a scavenged card of ``value`` goes when the nemesis's hand tops at ``top``
    (None: an empty hand)."""
    return "hand.1" if top is not None and value <= top + 1 else "support.1"


def stake_demand(s: HvNState) -> tuple[int, int]:
    """The nemesis's showdown: (cards demanded by its jokers, total of the rest)."""
    demand = total = 0
    for c in s.zones["showdown"]:
        if s.role[c] != "stake":
            continue
        needs = s.info[c].needs
        if needs and c not in s.weak:
            demand += needs
        else:
            total += worth(s, c)
    return demand, total


def answer_order(answer: tuple[int, bool]) -> tuple[bool, int]:
    """The order in which answer cards ``(value, joker)`` go to the jokers: the lowest
    first, jokers last."""
    return answer[1], answer[0]


def tops(demand: int, total: int, answers: list[tuple[int, bool]]) -> bool:
    """Whether the hero's answer cards ``(value, joker)`` top the nemesis's showdown:
    the lowest ``demand`` cards go to the jokers, the rest must beat ``total``."""
    return tops_ordered(demand, total, sorted(answers, key=answer_order))


def tops_ordered(demand: int, total: int, ordered: list[tuple[int, bool]]) -> bool:
    """:func:`tops` of answers already in :func:`answer_order` (a hand weighed against
    many showdowns is sorted once)."""
    if len(ordered) < demand:
        return False
    if total <= 0:
        return True
    rest = ordered[demand:]
    return any(joker for _, joker in rest) or sum(v for v, _ in rest) > total


def showdown_topped(s: HvNState) -> bool:
    demand, total = stake_demand(s)
    answers = [(s.info[c].value, s.info[c].joker) for c in s.zones["showdown"]
               if s.role[c] == "answer"]
    return bool(answers) and tops(demand, total, answers)


def could_top(s: HvNState) -> bool:
    """Could the hero top the stake with the cards in hand (all of them, with those
    already answered)? Then the showdown is not the nemesis's yet ("if the hero can't
    top": docs/rulings.md)."""
    demand, total = stake_demand(s)
    answers = [(s.info[c].value, s.info[c].joker) for c in s.zones["showdown"]
               if s.role[c] == "answer"]
    answers += [(s.info[c].value, s.info[c].joker) for c in s.zones["hand.0"]]
    return bool(answers) and tops(demand, total, answers)


def stake_words(s: HvNState) -> str:
    """The nemesis's showdown in words: ``a total of 21 and jokers that take 2 of the
    hero's cards``."""
    demand, total = stake_demand(s)
    parts = []
    if total:
        parts.append(f"a total of {total}")
    if demand:
        parts.append(f"jokers that take {demand} of the hero's cards")
    return " and ".join(parts)
