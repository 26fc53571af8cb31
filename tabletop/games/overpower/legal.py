"""Which actions a player has in the fight (pure functions of the state, used by the turn,
the refusals, ``is_legal`` and the computer player).

An attack is one move: its verb, the lead card, the target, and ``choice = (actor,
partner, extra)``: ``attack`` (a Power card; partner a Basic Universe or Training card or
-1; extra the declared type or -1), ``teamwork`` and ``ally`` (-1, -1), ``doubleshot``
(partner the teammate's Power card, extra the teammate), ``special`` (partner the Power
card it is played with or -1, extra the declared type or -1; an effect Special has no
target), ``follow`` (a Teamwork follow-up: extra its type). A defence is ``defend`` with
the lead card, the defending character as target and ``choice = (partner, teammate)``.
"""

from __future__ import annotations

from ...engine.effects import effects_with, handler
from ...engine.moves import Move
from .combos import (
    as_type,
    exact_powers,
    follow_types,
    mate_powers,
    typed_powers,
    universe_types,
)
from .common import BASE, FRONT, HAND, NO_TYPE, RESERVE, SITE, other
from .context import OPEffects
from .events import forbidden
from .grid import Hands, any_power_ok, fits, from_reserve, mate_ok, power_types, usable
from .locations import is_base, is_site, site_special_ok
from .state import Link, OPState
from .values import defence_terms

TURN = frozenset({"power", "universe", "teamwork", "ally", "doubleshot", "special", "effect"})
ALLY_FOLLOW = frozenset({"special", "effect"})
UNIVERSE_PARTNERS = ("basic-universe", "training")


class Query:
    """One seat's side of the table, read once for one question about its moves."""

    __slots__ = ("s", "seat", "hands", "front", "targets", "wide", "_partners")

    def __init__(self, s: OPState, seat: int) -> None:
        self.s = s
        self.seat = seat
        self.hands = Hands(s, seat)
        self.front = s.zones[FRONT[seat]]
        q = other(seat)
        # the opponent's Front Line, and its Battlesite (:mod:`.locations`)
        self.targets = s.zones[FRONT[q]] + s.zones[SITE[q]]
        self.wide = self.targets + s.zones[RESERVE[q]]
        self._partners: tuple = ((), ())

    def partners(self, cards: list[int]) -> list[int]:
        """The Basic Universe and Training cards among ``cards`` (remembered for the last
        list asked about: each Power card of an actor asks about the same one; a query
        is read once, the state unchanged)."""
        known, found = self._partners
        if known is not cards:
            info = self.s.info
            found = [u for u in cards if info[u].kind in UNIVERSE_PARTNERS]
            self._partners = (cards, found)
        return found

    def mates(self, x: int) -> list[int]:
        return [c for c in self.front if c != x]

    def cards(self, x: int) -> list[int]:
        """What ``x`` may play: the hand and its Placed cards on the Front Line; from the
        Reserve only what a card or its ability allows."""
        if x in self.front or is_base(self.s, x):  # a Home Base plays its Aspects
            return self.hands.of(x)
        s = self.s
        return [c for c in self.hands.hand if from_reserve(s, x, c, placed=False)] + \
            [c for c in self.hands.placed.get(x, ()) if from_reserve(s, x, c, placed=True)]


#: ``_new(Move, (kind, seat, card, target, choice))``: a move without ``Move()``'s argument
#: handling (lists of attacks are built many times a move)
_new = tuple.__new__


def _moves(verb: str, seat: int, card: int, tg, choice: tuple) -> list[Move]:
    return [_new(Move, (verb, seat, card, t, choice)) for t in tg]


# -- leads: the moves an actor starts with one card ------------------------------------------------
def _power_lead(q: Query, x: int, c: int, cards, kinds) -> list[Move]:
    s = q.s
    inf = s.info[c]
    out: list[Move] = []
    if "power" in kinds:
        ts = power_types(s, x, inf) if inf.types else \
            ((NO_TYPE,) if any_power_ok(s, x, inf) else ())
        for t in ts:
            out += _moves("attack", q.seat, c, q.targets, (x, -1, t))
    if "universe" in kinds:
        info = s.info
        for u in q.partners(cards):
            for t in universe_types(s, x, info[u]):
                if as_type(s, x, inf, t):
                    out += _moves("attack", q.seat, c, q.targets, (x, u, t))
    return out


def follow_possible(q: Query, x: int, card: int) -> bool:
    """A Teamwork card may be played only if a teammate could follow it up."""
    s = q.s
    types = follow_types(s, s.info[card])
    for y in q.mates(x):
        cards = q.hands.of(y)
        for t in types:
            if typed_powers(s, y, t, cards):
                return True
    return False


def _teamwork_lead(q: Query, x: int, c: int, cards, kinds) -> list[Move]:
    if "teamwork" not in kinds or not usable(q.s, x, q.s.info[c], q.seat) or \
            not follow_possible(q, x, c):
        return []
    return _moves("teamwork", q.seat, c, q.targets, (x, -1, -1))


def ally_specials(q: Query, y: int, exclude: int = -1) -> list[Move]:
    """The Specials teammate ``y`` could play to follow an Ally card (with the Any
    Character Limitation, only character-specific ones)."""
    s = q.s
    strict = s.options.get("any_character_limitation")
    info = s.info
    cards = q.hands.of(y)
    out = []
    for c in cards:
        if c != exclude and info[c].kind == "special" and \
                not (strict and info[c].persona in ("any", "any-hero")):
            out += _special_lead(q, y, c, cards, ALLY_FOLLOW)
    return out


def _ally_lead(q: Query, x: int, c: int, cards, kinds) -> list[Move]:
    if "ally" not in kinds or not usable(q.s, x, q.s.info[c], q.seat):
        return []
    if not any(ally_specials(q, y, c) for y in q.mates(x)):
        return []
    return _moves("ally", q.seat, c, q.targets, (x, -1, -1))


def _doubleshot_lead(q: Query, x: int, c: int, cards, kinds) -> list[Move]:
    s = q.s
    inf = s.info[c]
    if "doubleshot" not in kinds or not fits(s, x, inf):
        return []
    out: list[Move] = []
    for y in q.mates(x):
        if mate_ok(s, y, inf):
            for p in mate_powers(s, y, inf.mate[0], q.hands.of(y)):
                out += _moves("doubleshot", q.seat, c, q.targets, (x, p, y))
    return out


def special_partners(s: OPState, x: int, c: int, cards) -> list[tuple[int, int]]:
    """(partner Power card, declared type) pairs an attacking Special can be played with."""
    inf = s.info[c]
    if inf.partner is not None:
        t = inf.partner[0]
        return [(p, t) for p in exact_powers(s, x, t, cards)]
    if len(inf.types) > 1:
        return [(-1, t) for t in inf.types]
    return [(-1, inf.types[0] if inf.types else NO_TYPE)]


def effect_ready(s: OPState, seat: int, x: int, c: int) -> bool:
    ctx = OPEffects(s, c, seat, None, x)
    for fn, e in effects_with(s.info[c].effects, "ready"):
        if not fn(ctx, e):
            return False
    return True


def _special_lead(q: Query, x: int, c: int, cards, kinds) -> list[Move]:
    s = q.s
    inf = s.info[c]
    if not fits(s, x, inf):
        return []
    out: list[Move] = []
    if inf.play in ("attack", "attack-or-defence") and "special" in kinds:
        tg = q.wide if inf.reserve_target else q.targets
        if not site_special_ok(inf):
            tg = [t for t in tg if not is_site(s, t)]
        for p, t in special_partners(s, x, c, cards):
            out += _moves("special", q.seat, c, tg, (x, p, t))
    if inf.play == "effect" and "effect" in kinds and effect_ready(s, q.seat, x, c):
        out.append(Move("special", q.seat, c, None, (x, -1, -1)))
    return out


LEADS = {"power": _power_lead, "teamwork": _teamwork_lead, "ally": _ally_lead,
         "doubleshot": _doubleshot_lead, "special": _special_lead}


def lead_moves(s: OPState, seat: int, x: int, c: int, kinds) -> list[Move]:
    """The actions ``x`` may start with card ``c`` (an exact check of one move)."""
    q = Query(s, seat)
    gen = LEADS.get(s.info[c].kind)
    cards = q.cards(x)
    moves = gen(q, x, c, cards, kinds) if gen is not None and c in cards else []
    return [m for m in moves if not forbidden(s, m)] if s.forbidden else moves


def action_moves(q: Query, actors, kinds) -> list[Move]:
    out: list[Move] = []
    info = q.s.info
    for x in actors:
        cards = q.cards(x)
        for c in cards:
            gen = LEADS.get(info[c].kind)
            if gen is not None:
                out += gen(q, x, c, cards, kinds)
    return [m for m in out if not forbidden(q.s, m)] if q.s.forbidden else out


def turn_actors(s: OPState, seat: int) -> list[int]:
    """Who may act on a turn: the characters, and the Home Base (its Aspects)."""
    return s.zones[FRONT[seat]] + s.zones[RESERVE[seat]] + s.zones[BASE[seat]]


def may_pass(s: OPState, seat: int, actions: list[Move]) -> bool:
    """Passing is always allowed, except with *strict passing*: only a player who cannot
    attack with a card from the hand may pass."""
    if s.options.get("passing") != "strict":
        return True
    hand = s.zones[HAND[seat]]
    return not any(m.target is not None and m.card in hand for m in actions)


def turn_moves(s: OPState, seat: int) -> list[Move]:
    if s.passed[seat]:
        return [Move("pass", seat), Move("concede", seat)]
    acts = action_moves(Query(s, seat), turn_actors(s, seat), TURN)
    tail = [Move("pass", seat)] if may_pass(s, seat, acts) else []
    return acts + tail + [Move("concede", seat)]


# -- the chain: follow-ups and extra attacks -----------------------------------------------------
def link_actors(s: OPState, link: Link) -> list[int]:
    front = s.zones[FRONT[link.seat]]
    if link.kind == "extra" and link.by == "self":
        return [link.actor] if link.actor in front else []
    return [y for y in front if y != link.actor and ("char", y) not in link.used]


def follow_moves(q: Query, link: Link) -> list[Move]:
    s = q.s
    types = [t for t in follow_types(s, s.info[link.source]) if ("type", t) not in link.used]
    out: list[Move] = []
    for y in q.mates(link.actor):
        if ("char", y) in link.used:
            continue
        cards = q.hands.of(y)
        for t in types:
            for p in typed_powers(s, y, t, cards):
                out += _moves("follow", q.seat, p, q.targets, (y, -1, t))
    return out


def link_moves(s: OPState, link: Link) -> list[Move]:
    """The moves the chain's top entry allows (without Stop / Finish)."""
    q = Query(s, link.seat)
    if link.kind == "teamwork":
        return follow_moves(q, link)
    if link.kind == "ally":
        return [m for y in q.mates(link.actor) for m in ally_specials(q, y)]
    return action_moves(q, link_actors(s, link), frozenset(link.kinds))


def chain_moves(s: OPState, link: Link) -> list[Move]:
    """The chain entry's moves, and Stop / Finish unless a follow-up is owed; an owed
    follow-up that has become impossible lapses (ruling 35: e.g. in a state sampled for
    the other seat, whose hidden hand was drawn anew)."""
    out = link_moves(s, link)
    if not link.must or not out:
        out.append(Move("finish" if link.kind == "teamwork" else "stop", link.seat))
    return out


# -- defence ---------------------------------------------------------------------------------------
def guard_left(s: OPState, x: int) -> bool:
    return s.info[x].profile.guard > s.guarded.count(x)


def _blocks(s: OPState, seat: int, x: int, lead: int, partner: int, attack) -> bool:
    return sum(n for _, n in defence_terms(s, seat, x, lead, partner, attack)) >= attack.value


def _power_defences(q: Query, x: int, c: int, cards, attack) -> list[Move]:
    s = q.s
    info = s.info
    inf = info[c]
    if attack.value is None or "power" not in attack.blockable or not fits(s, x, inf):
        return []
    out = []
    if _blocks(s, q.seat, x, c, -1, attack):
        out.append(Move("defend", q.seat, c, x, (-1, -1)))
    if "universe" in attack.blockable:
        for u in cards:
            if info[u].kind in UNIVERSE_PARTNERS and \
                    any(as_type(s, x, inf, t) for t in universe_types(s, x, info[u])) and \
                    _blocks(s, q.seat, x, c, u, attack):
                out.append(Move("defend", q.seat, c, x, (u, -1)))
    return out


def _doubleshot_defences(q: Query, x: int, c: int, cards, attack) -> list[Move]:
    s = q.s
    inf = s.info[c]
    if attack.value is None or "doubleshot" not in attack.blockable or \
            x != attack.target or not fits(s, x, inf):
        return []
    out = []
    for y in q.mates(x):
        if mate_ok(s, y, inf):
            for p in mate_powers(s, y, inf.mate[0], q.hands.of(y)):
                if _blocks(s, q.seat, x, c, p, attack):
                    out.append(Move("defend", q.seat, c, x, (p, y)))
    return out


def stopping_effect(s: OPState, seat: int, x: int, c: int) -> dict | None:
    """The effect of defensive Special ``c`` (played by ``x``) that stops the attack."""
    attack = s.attack
    ctx = OPEffects(s, c, seat, attack.target, x)
    for fn, e in effects_with(s.info[c].effects, "stops"):
        if handler(e, "category")(e) in attack.blockable and fn(ctx, e):
            return e
    return None


def _special_defences(q: Query, x: int, c: int, cards, attack) -> list[Move]:
    s = q.s
    inf = s.info[c]
    if inf.play not in ("defence", "attack-or-defence") or not fits(s, x, inf):
        return []
    if inf.partner is not None:
        if attack.value is None or "power" not in attack.blockable:
            return []
        return [Move("defend", q.seat, c, x, (p, -1))
                for p in exact_powers(s, x, inf.partner[0], cards)
                if _blocks(s, q.seat, x, c, p, attack)]
    if stopping_effect(s, q.seat, x, c) is not None:
        return [Move("defend", q.seat, c, x, (-1, -1))]
    return []


DEFENCES = {"power": _power_defences, "doubleshot": _doubleshot_defences,
            "special": _special_defences}


def defenders(s: OPState, seat: int) -> list[tuple[int, bool]]:
    """(character, may block with cards) for the attack in progress: the attacked one, and
    Front Line teammates (those with a guard ability left may block; the others may only
    play Specials that protect the team)."""
    target = s.attack.target
    if is_site(s, target):  # a Battlesite defends itself (:data:`SITE_DEFENCES`)
        return [(target, True)]
    front = s.zones[FRONT[seat]]
    out = [(target, True)]
    for y in front:
        if y != target:
            out.append((y, target in front and guard_left(s, y)))
    # the Home Base: Aspects that protect the team (:mod:`.homebase`)
    out += [(b, False) for b in s.zones[BASE[seat]]]
    return out


#: a Battlesite's Defensive Actions by the kind of card (:mod:`.activators` fills it)
SITE_DEFENCES: dict = {}


def defence_leads(q: Query, x: int, may_block: bool, c: int) -> list[Move]:
    inf = q.s.info[c]
    if is_site(q.s, x):
        site = SITE_DEFENCES.get(inf.kind)
        return site(q, x, c, q.s.attack) if site is not None else []
    gen = DEFENCES.get(inf.kind)
    if gen is None or (not may_block and inf.kind not in ("special", "aspect")):
        return []
    moves = gen(q, x, c, q.hands.of(x), q.s.attack)
    if not may_block:
        moves = [m for m in moves if m.choice[0] < 0]
    return [m for m in moves if not forbidden(q.s, m)] if q.s.forbidden else moves


def defence_moves(s: OPState, seat: int) -> list[Move]:
    q = Query(s, seat)
    out = [Move("take", seat)]
    info = s.info
    for x, may_block in defenders(s, seat):
        cards = q.hands.of(x)
        if not may_block and not is_site(s, x):  # only Specials (and Aspects) protect
            cards = [c for c in cards if info[c].kind in ("special", "aspect")]
        for c in cards:
            out += defence_leads(q, x, may_block, c)
    return out
