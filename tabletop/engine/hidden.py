"""Hidden information: what one seat sees of a state, and sampling what it cannot see.

:func:`mask` turns a state into one seat's *view*: every card the seat may not see
becomes :data:`~tabletop.engine.state.HIDDEN`, the random generator is zeroed (it would
tell the future) and log lines meant for others are dropped. A zone whose visibility is
``unordered`` (a pile whose cards the seat knows but whose order it does not, e.g. the
deck a player built) keeps its cards, sorted, so the order is not shown.

:func:`sample` (``determinize``) turns a view back into a full state: every hidden slot is
refilled from the cards the seat has not seen, and an ``unordered`` pile is shuffled.
Each slot may declare what can fill it (:meth:`~tabletop.engine.rules.Rules.slot_test`,
by default the zone's ``holds`` kinds), so a sampled state is always one the rules
accept: a face-down pick is refilled with a Character, never a Condition. The most
constrained slots are filled first; if no card fits, the sampler starts again, and
after a few tries it raises :class:`SamplingError` (the game's declarations are wrong).
"""

from __future__ import annotations

from typing import Any

from .rng import Rng
from .state import HIDDEN, State

#: the rules of the game (a :class:`~tabletop.engine.rules.Rules`; not imported here,
#: as the rules import this module)
Rules = Any
TRIES = 24


class SamplingError(RuntimeError):
    """No full state fits a view: a game's hidden-slot declarations are inconsistent."""


class Shown:
    """The cards a view shows: every card but the ``hidden`` ones (``c in shown``)."""

    __slots__ = ("hidden",)

    def __init__(self, hidden: set[int]) -> None:
        self.hidden = hidden

    def __contains__(self, card: int) -> bool:
        return card not in self.hidden


def mask(rules: Rules, state: State, seat: int | None) -> State:
    """A copy of ``state`` with everything ``seat`` cannot see replaced by HIDDEN."""
    v = state.copy()
    v.rng = 0
    hidden: set[int] = set()
    plan = rules.mask_plan(state, seat)
    if plan:
        zones = v.zones
        for name, action in plan:
            cards = zones.get(name)
            if cards:
                if action == "sort":
                    cards.sort()  # the view's own copy
                else:
                    hidden.update(cards)
                    zones[name] = [HIDDEN] * len(cards)
    if state.facedown:
        _face_down(rules, state, seat, v, hidden)
    if hidden:
        _forget(v, state, hidden)
    events = state.events
    if events:
        v.events = [e for e in events if e[1] is None or seat in e[1]]
    rules.mask_extra(v, state, seat, Shown(hidden))
    return v


def _face_down(rules: Rules, state: State, seat: int | None, v: State,
               hidden: set[int]) -> None:
    """Cards lying face down are hidden from everyone but the owner of their zone."""
    facedown = state.facedown
    zones = v.zones
    for name, cards in zones.items():
        if not facedown.isdisjoint(cards) and \
                (seat is None or rules.zone_rule_for(state)(name)[1] != seat):
            hidden.update(c for c in cards if c in facedown)
            zones[name] = [HIDDEN if c in facedown else c for c in cards]


def plan_for(rules: Rules, state: State, seat: int | None) -> list[tuple[str, str]]:
    """Which zones ``seat``'s view masks (``hide``) or shows unordered (``sort``)."""
    rule = rules.zone_rule_for(state)
    out = []
    for name in state.zones:
        visibility, owner = rule(name)
        if visibility == "unordered":
            out.append((name, "sort"))
        elif visibility == "hidden" or (visibility == "owner" and owner != seat):
            out.append((name, "hide"))
    return out


def _forget(v: State, state: State, hidden: set[int]) -> None:
    """Drop what the view's marks (face down, turned, attached, counters) say about the
    cards it hides."""
    if state.facedown and not hidden.isdisjoint(state.facedown):
        v.facedown = {c for c in state.facedown if c not in hidden}
    if state.turned and not hidden.isdisjoint(state.turned):
        v.turned = {c for c in state.turned if c not in hidden}
    attached = state.attached
    if attached and not (hidden.isdisjoint(attached) and hidden.isdisjoint(attached.values())):
        v.attached = {a: b for a, b in attached.items() if a not in hidden and b not in hidden}
    counters = state.counters
    if counters and any(isinstance(k[0], int) and k[0] in hidden for k in counters):
        v.counters = {k: n for k, n in counters.items()
                      if not isinstance(k[0], int) or k[0] not in hidden}


def sample(rules: Rules, view: State, seat: int, rng: Rng) -> State:
    """A full state consistent with ``view`` (see the module docstring)."""
    for _ in range(TRIES):
        s = view.copy()
        if _fill(rules, s, view, seat, rng):
            s.rng = rng.state
            rules.determinize_extra(s, view, seat, rng)
            return s
    raise SamplingError(f"{rules.info.title}: no card fits some hidden slot of "
                        f"{seat}'s view (check the game's slot declarations)")


def _fill(rules: Rules, s: State, view: State, seat: int, rng: Rng) -> bool:
    seen = set()
    holes: list[str] = []
    rule = rules.zone_rule_for(view)
    for name, cards in s.zones.items():
        for c in cards:
            if c == HIDDEN:
                holes.append(name)
                break
        seen.update(cards)
        if rule(name)[0] == "unordered" and len(cards) > 1:
            s.zones[name] = cards = cards[:]
            rng.shuffle(cards)
    if not holes:
        return True
    seen.discard(HIDDEN)
    unseen = [i for i in range(len(s.cards)) if i not in seen]
    rng.shuffle(unseen)
    tests = {name: rules.slot_test(view, name, seat) for name in holes}
    needs = {name: rules.slot_needs(view, name, seat) for name in holes}
    # the most constrained zones first
    constrained = [n for n in holes if tests[n] is not None or needs[n]]
    constrained.sort(key=lambda n: sum(1 for c in unseen if tests[n] is None or tests[n](c)))
    taken: set[int] = set()
    for name in constrained + [n for n in holes if n not in constrained]:
        picked = _pick(s.zones[name].count(HIDDEN), unseen, taken, tests[name], needs[name],
                       rng)
        if picked is None:
            return False
        pick = iter(picked)
        face_down = rules.can_see_zone(name, seat, view)
        new = []
        for c in s.zones[name]:
            if c == HIDDEN:
                c = next(pick)
                if face_down:
                    s.facedown.add(c)
            new.append(c)
        s.zones[name] = new
    return True


def _pick(need: int, unseen: list[int], taken: set[int], test, needs, rng: Rng):
    """``need`` unseen cards passing ``test``, at least ``count`` of them passing each
    ``(must, count)`` of ``needs``; None if there are not enough."""
    chosen: list[int] = []
    for must, count in needs:
        have = sum(1 for c in chosen if must(c))
        for c in unseen:
            if have >= count:
                break
            if c not in taken and c not in chosen and (test is None or test(c)) and must(c):
                chosen.append(c)
                have += 1
        if have < count:
            return None
    for c in unseen:
        if len(chosen) >= need:
            break
        if c not in taken and c not in chosen and (test is None or test(c)):
            chosen.append(c)
    if len(chosen) < need:
        return None
    if needs:
        rng.shuffle(chosen)  # the required cards may lie anywhere in the zone
    taken.update(chosen)
    return chosen
