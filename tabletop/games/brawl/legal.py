"""Which moves a Brawl player has: Conditions, Characters, attacks and actions,
declarations and Interruptions (pure functions of the state, used by the turn, the
refusals and the computer player)."""

from __future__ import annotations

from ...engine.moves import Move
from .cards import Info
from .effects import Who
from .state import HAND_ZONES, PLAY_ZONES, BrawlState

TEAM_LIMIT = 5
#: ``_new(Move, (kind, seat, card, target, choice))``: a move without ``Move()``'s
#: keyword handling (the lists of moves are built here many times a move)
_new = tuple.__new__
#: Brawl's rules version 2: powers reaching outside the match-up are declared in step 7
#: or not at all, and opponents get a response window after the current player's moves
#: (docs/rulings.md 16 and 19); games saved under version 1 keep the older reading
TIMING = 2
#: the moves that name only a seat, made once (lists of moves are built at every move)
PASS = tuple(Move("pass", seat) for seat in range(3))
END = tuple(Move("end", seat) for seat in range(3))
RESOLVE = tuple(Move("resolve", seat) for seat in range(3))


def timed(s: BrawlState) -> bool:
    """Is ``s`` played under the version-2 timing of declarations and Interruptions?"""
    return s.ruleset is None or s.ruleset >= TIMING


def condition_moves(s: BrawlState, seat: int, card: int) -> list[Move]:
    if s.info[card].target_kind == "condition":
        return [_new(Move, ("condition", seat, card, c, None)) for c in s.zones["conditions"]]
    return [_new(Move, ("condition", seat, card, "conditions", None))]


def free(s: BrawlState, card: int) -> bool:
    """Standing, not matched up, not taking an action, not sitting the turn out."""
    return (card not in s.turned and card not in s.action and card not in s.withdrawn
            and not s.in_matchup(card))


def _matched(s: BrawlState) -> set[int] | dict[int, int]:
    """Every character in a match-up (a container to test ``in``)."""
    mu = s.attached
    if not mu:
        return mu
    out = set(mu)
    out.update(mu.values())
    return out


def _free_of(s: BrawlState, team: list[int], matched) -> list[int]:
    turned, action, withdrawn = s.turned, s.action, s.withdrawn
    return [c for c in team if c not in turned and c not in action and c not in withdrawn
            and c not in matched]


def _targets(s: BrawlState, seat: int, matched) -> list[int]:
    """Characters of the other players that may be attacked (``matched``: every
    character in a match-up)."""
    zones, turned, withdrawn = s.zones, s.turned, s.withdrawn
    eliminated = s.eliminated
    return [c for other in range(s.seats) if other != seat and other not in eliminated
            for c in zones[PLAY_ZONES[other]]
            if c not in turned and c not in withdrawn and c not in matched]


def link_moves(s: BrawlState, seat: int, only: int | None = None) -> list[Move]:
    """Attacks (and, with More Actions, actions) ``seat`` may start now (only those of
    character ``only`` when given)."""
    team = s.zones[PLAY_ZONES[seat]]
    matched = _matched(s)
    if only is not None:
        own = [only] if only in team and free(s, only) else []
    else:
        own = _free_of(s, team, matched)
    if not own:
        return []
    targets = _targets(s, seat, matched)
    out = [_new(Move, ("attack", seat, a, t, None)) for a in own for t in targets]
    if s.options.get("more_actions"):
        out.extend(_action_moves(s, seat, own, team))
    return out


def _attack_ok(s: BrawlState, seat: int, m: Move) -> bool:
    """``m in link_moves(s, seat, only=m.card)`` for an attack, without listing them."""
    card, target = m.card, m.target
    if m.choice is not None or card not in s.zones[PLAY_ZONES[seat]] or not free(s, card):
        return False
    zones, eliminated = s.zones, s.eliminated
    for other in range(s.seats):
        if other != seat and other not in eliminated and target in zones[PLAY_ZONES[other]]:
            return (target not in s.turned and target not in s.withdrawn
                    and not s.in_matchup(target))
    return False


def _action_moves(s: BrawlState, seat: int, own: list[int], team: list[int]) -> list[Move]:
    """More Actions: render aid (Heroes), thwart (Grays), gang up (Villains)."""
    out = []
    aided = {t for kind, t in s.action.values() if kind == "aid"}
    thwarted = {t for kind, t in s.action.values() if kind == "thwart"}
    for a in own:
        side = s.info[a].side
        if side == "hero":
            out.extend(Move("aid", seat, a, t) for t in team
                       if t in s.turned and t not in aided)
        elif side == "gray":
            out.extend(Move("thwart", seat, a, m) for m in s.mu if m not in thwarted)
        elif side == "villain":
            out.extend(Move("gang", seat, a, t) for t in team
                       if t != a and s.in_matchup(t))
    return out


def has_link(s: BrawlState, seat: int) -> bool:
    """Has ``seat`` an attack or action to start now (``bool(link_moves(s, seat))``)?"""
    matched = _matched(s)
    own = _free_of(s, s.zones[PLAY_ZONES[seat]], matched)
    if not own:
        return False
    if _targets(s, seat, matched):
        return True
    return s.options.get("more_actions", False) and \
        bool(_action_moves(s, seat, own, s.zones[PLAY_ZONES[seat]]))


def main_moves(s: BrawlState, seat: int) -> list[Move]:
    """Steps 2-4: a Condition, a Character, an attack (or action), or pass."""
    out: list[Move] = []
    if not s.played_character:
        hand = s.zones[HAND_ZONES[seat]]
        info = s.info
        if not s.played_condition:
            for c in hand:
                if info[c].kind == "condition":
                    out.extend(condition_moves(s, seat, c))
        zone = PLAY_ZONES[seat]
        if len(s.zones[zone]) < TEAM_LIMIT:
            out.extend([_new(Move, ("character", seat, c, zone, None)) for c in hand
                        if info[c].kind == "character"])
    out.extend(link_moves(s, seat))
    out.append(PASS[seat])
    return out


def may_declare(s: BrawlState, card: int) -> bool:
    return _may_declare(s, card) and s.owner(card) is not None


def _may_declare(s: BrawlState, card: int) -> bool:
    """:func:`may_declare` for a card known to be in play."""
    return (card in s.fought and card not in s.power and card not in s.cancelled
            and card not in s.turned and card not in s.withdrawn)


def declare_for(s: BrawlState, card: int, outside: bool,
                seat: int | None = None) -> list[Move]:
    """The declarations of ``card`` (in ``seat``'s team, when known): in step 7
    (``outside``) the powers that reach outside the match-up, each heal with each
    possible target; in steps 10-11 the others (those must be declared in step 7 or not
    at all: ruling 16)."""
    if seat is None:
        seat = s.owner(card)
    inf = s.info[card]
    if outside:
        powers = inf.early
    elif s.ruleset is None or s.ruleset >= TIMING:
        powers = inf.late
    else:
        powers = enumerate(inf.powers)
    out = []
    for idx, power in powers:
        if power.heal is None:
            out.append(_new(Move, ("declare", seat, card, None, idx)))
            continue
        team = s.zones[PLAY_ZONES[seat]]
        if power.heal_target == "self":
            targets = [card]
        elif power.heal_target == "teammate":
            targets = [t for t in team if t != card]
        else:
            targets = team
        out.extend([_new(Move, ("declare", seat, card, t, idx)) for t in targets])
    return out


def declare_moves(s: BrawlState, seat: int, outside: bool) -> list[Move]:
    out = []
    fought, power, cancelled = s.fought, s.power, s.cancelled
    turned, withdrawn = s.turned, s.withdrawn
    for c in s.zones[PLAY_ZONES[seat]]:
        if (c in fought and c not in power and c not in cancelled and c not in turned
                and c not in withdrawn):  # _may_declare, inlined
            out.extend(declare_for(s, c, outside, seat))
    return out


def can_declare_outside(s: BrawlState, seat: int) -> bool:
    """Has ``seat`` a power to declare in step 7 (one that reaches outside)?"""
    fought = s.fought
    if not fought:
        return False
    team = s.zones[PLAY_ZONES[seat]]
    info = s.info
    for c in team:
        if c in fought:
            inf = info[c]
            if (inf.early_alone or (inf.early and len(team) > 1)) and _may_declare(s, c):
                return True
    return False


def _teams(s: BrawlState, seat: int, team: str | None) -> list[int]:
    """The seats whose characters a selector's ``team`` key allows (the seats still in
    the game): ``own`` is the player's, ``opposing`` the others', else everyone's."""
    eliminated = s.eliminated
    if team == "own":
        return [seat] if seat not in eliminated else []
    if team == "opposing":
        return [o for o in range(s.seats) if o != seat and o not in eliminated]
    return [o for o in range(s.seats) if o not in eliminated]


def interrupt_targets(s: BrawlState, seat: int, inf: Info) -> list[int | str]:
    """Where an Interruption may go: a Condition, a character its effects accept, or
    the table (no target)."""
    if inf.target_kind == "condition":
        return list(s.zones["conditions"])
    if inf.target_kind == "none":
        return ["table"]
    pick = inf.pick
    zones = s.zones
    out: list[int | str] = []
    if pick is None:
        for other in _teams(s, seat, inf.team):
            out.extend(zones[PLAY_ZONES[other]])
        return out
    who = _new(Who, (s, None, seat))
    for other in _teams(s, seat, inf.team):
        out.extend([c for c in zones[PLAY_ZONES[other]] if pick(who, c)])
    return out


def _has_target(s: BrawlState, seat: int, inf: Info) -> bool:
    """``bool(interrupt_targets(s, seat, inf))``, stopping at the first."""
    if inf.target_kind == "condition":
        return bool(s.zones["conditions"])
    if inf.target_kind == "none":
        return True
    pick = inf.pick
    zones = s.zones
    who = _new(Who, (s, None, seat))
    for other in _teams(s, seat, inf.team):
        for c in zones[PLAY_ZONES[other]]:
            if pick is None or pick(who, c):
                return True
    return False


def interrupt_moves(s: BrawlState, seat: int, only: int | None = None) -> list[Move]:
    """The Interruptions ``seat`` may play now (card ``only``, when given)."""
    out = []
    hand = s.zones[HAND_ZONES[seat]]
    if only is None:
        if s.interruptions.isdisjoint(hand):
            return out  # most hands, most of the time
        cards = hand
    else:
        cards = [only] if only in hand else []
    info = s.info
    for c in cards:
        inf = info[c]
        if inf.kind == "interruption":
            out.extend([_new(Move, ("interrupt", seat, c, t, None))
                        for t in interrupt_targets(s, seat, inf)])
    return out


def has_interrupt(s: BrawlState, seat: int) -> bool:
    hand = s.zones[HAND_ZONES[seat]]
    if s.interruptions.isdisjoint(hand):
        return False
    info = s.info
    for c in hand:
        inf = info[c]
        if inf.kind == "interruption" and _has_target(s, seat, inf):
            return True
    return False


# -- cheaper exact tests of one move (``Rules.is_legal``) ------------------------------------
def _main_ok(s: BrawlState, d, m: Move) -> bool:
    seat = d.seat
    k = m.kind
    if k == "pass":
        return m == PASS[seat]
    if k == "interrupt":
        return m in interrupt_moves(s, seat, only=m.card)
    card = m.card
    if k in ("condition", "character"):
        if card not in s.zones[HAND_ZONES[seat]] or s.info[card].kind != k \
                or s.played_character:
            return False
        if k == "condition":
            return not s.played_condition and m in condition_moves(s, seat, card)
        return len(s.zones[PLAY_ZONES[seat]]) < TEAM_LIMIT and \
            m.target == PLAY_ZONES[seat] and m.choice is None
    if k == "attack":
        return _attack_ok(s, seat, m)
    return m in link_moves(s, seat, only=card)


def _window_ok(s: BrawlState, d, m: Move) -> bool:
    """Pass, or an Interruption (the respond and pre windows)."""
    return m.kind in ("pass", "interrupt") and _main_ok(s, d, m)


def _chain_ok(s: BrawlState, d, m: Move) -> bool:
    if m.kind in ("pass", "interrupt"):
        return _main_ok(s, d, m)
    if m.kind == "attack":
        return _attack_ok(s, d.seat, m)
    return m in link_moves(s, d.seat, only=m.card)


def _outside_ok(s: BrawlState, d, m: Move) -> bool:
    if m.kind in ("pass", "interrupt"):
        return _main_ok(s, d, m)
    seat = d.seat
    return m.kind == "declare" and s.owner(m.card) == seat and may_declare(s, m.card) \
        and m in declare_for(s, m.card, True, seat)


def _declare_ok(s: BrawlState, d, m: Move) -> bool:
    if m.kind == "interrupt":
        return _main_ok(s, d, m)
    card = d.data[0][0]
    return m.kind == "declare" and m.card == card and m in declare_for(s, card, False, d.seat)


def _end_ok(s: BrawlState, d, m: Move) -> bool:
    if m.kind == "interrupt":
        return _main_ok(s, d, m)
    return m == (END if d.seat == s.current else PASS)[d.seat]


def _card_ok(s: BrawlState, d, m: Move, kind: str, target: str) -> bool:
    """A card of the hand (a pick: a Character) put on ``target``."""
    card = m.card
    return m == Move(m.kind, d.seat, card, target) and m.kind == kind and \
        card in s.zones[HAND_ZONES[d.seat]] and \
        (kind != "pick" or s.info[card].kind == "character")


#: decision kind -> an exact test of one move, ``test(state, decision, move)``
CHECKS = {
    "main": _main_ok, "chain": _chain_ok, "outside": _outside_ok, "declare": _declare_ok,
    "end": _end_ok, "pre": _window_ok, "respond": _window_ok,
    "damage": lambda s, d, m: m == RESOLVE[d.seat],
    "discard": lambda s, d, m: _card_ok(s, d, m, "discard", "discard"),
    "pick": lambda s, d, m: _card_ok(s, d, m, "pick", PLAY_ZONES[d.seat]),
}
