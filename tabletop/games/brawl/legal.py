"""Which moves a Brawl player has: Conditions, Characters, attacks and actions,
declarations and Interruptions (pure functions of the state, used by the turn, the
refusals and the computer player)."""

from __future__ import annotations

from ...engine.moves import Move
from .cards import Info
from .effects import SELECTOR, Who
from .state import BrawlState

TEAM_LIMIT = 5
#: Brawl's rules version 2: powers reaching outside the match-up are declared in step 7
#: or not at all, and opponents get a response window after the current player's moves
#: (docs/rulings.md 16 and 19); games saved under version 1 keep the older reading
TIMING = 2


def timed(s: BrawlState) -> bool:
    """Is ``s`` played under the version-2 timing of declarations and Interruptions?"""
    return s.ruleset is None or s.ruleset >= TIMING


def condition_moves(s: BrawlState, seat: int, card: int) -> list[Move]:
    if s.info[card].target_kind == "condition":
        return [Move("condition", seat, card, c) for c in s.zones["conditions"]]
    return [Move("condition", seat, card, "conditions")]


def free(s: BrawlState, card: int) -> bool:
    """Standing, not matched up, not taking an action, not sitting the turn out."""
    return (card not in s.turned and card not in s.action and card not in s.withdrawn
            and not s.in_matchup(card))


def link_moves(s: BrawlState, seat: int, only: int | None = None) -> list[Move]:
    """Attacks (and, with More Actions, actions) ``seat`` may start now (only those of
    character ``only`` when given)."""
    team = s.zones[f"play.{seat}"]
    if only is not None:
        own = [only] if only in team and free(s, only) else []
    else:
        own = [c for c in team if free(s, c)]
    if not own:
        return []
    targets = [c for other in s.alive_seats() if other != seat
               for c in s.zones[f"play.{other}"]
               if c not in s.turned and c not in s.withdrawn and not s.in_matchup(c)]
    out = [Move("attack", seat, a, t) for a in own for t in targets]
    if s.options.get("more_actions"):
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


def main_moves(s: BrawlState, seat: int) -> list[Move]:
    """Steps 2-4: a Condition, a Character, an attack (or action), or pass."""
    out: list[Move] = []
    hand = s.zones[f"hand.{seat}"]
    if not s.played_condition and not s.played_character:
        for c in hand:
            if s.info[c].kind == "condition":
                out.extend(condition_moves(s, seat, c))
    if not s.played_character and len(s.zones[f"play.{seat}"]) < TEAM_LIMIT:
        zone = f"play.{seat}"
        out.extend(Move("character", seat, c, zone) for c in hand
                   if s.info[c].kind == "character")
    out.extend(link_moves(s, seat))
    out.append(Move("pass", seat))
    return out


def may_declare(s: BrawlState, card: int) -> bool:
    return (card in s.fought and card not in s.power and card not in s.cancelled
            and card not in s.turned and card not in s.withdrawn
            and s.owner(card) is not None)


def declare_for(s: BrawlState, card: int, outside: bool) -> list[Move]:
    """The declarations of ``card``: in step 7 (``outside``) the powers that reach outside
    the match-up, each heal with each possible target; in steps 10-11 the others (those
    must be declared in step 7 or not at all: ruling 16)."""
    seat = s.owner(card)
    out = []
    strict = timed(s)
    for idx, power in enumerate(s.info[card].powers):
        if (power.outside != outside) if strict else (outside and not power.outside):
            continue
        if power.heal is None:
            out.append(Move("declare", seat, card, None, idx))
            continue
        team = s.zones[f"play.{seat}"]
        if power.heal_target == "self":
            targets = [card]
        elif power.heal_target == "teammate":
            targets = [t for t in team if t != card]
        else:
            targets = list(team)
        out.extend(Move("declare", seat, card, t, idx) for t in targets)
    return out


def declare_moves(s: BrawlState, seat: int, outside: bool) -> list[Move]:
    out = []
    for c in s.zones[f"play.{seat}"]:
        if may_declare(s, c):
            out.extend(declare_for(s, c, outside))
    return out


def can_declare_outside(s: BrawlState, seat: int) -> bool:
    """Has ``seat`` a power to declare in step 7 (one that reaches outside)?"""
    for c in s.zones[f"play.{seat}"]:
        if may_declare(s, c):
            for power in s.info[c].powers:
                if power.outside and (power.heal is None or power.heal_target != "teammate"
                                      or len(s.zones[f"play.{seat}"]) > 1):
                    return True
    return False


def interrupt_targets(s: BrawlState, seat: int, inf: Info) -> list[int | str]:
    """Where an Interruption may go: a Condition, a character its effects accept, or
    the table (no target)."""
    if inf.target_kind == "condition":
        return list(s.zones["conditions"])
    if inf.target_kind == "none":
        return ["table"]
    tests = inf.target_tests
    sel = inf.target
    who = Who(s, None, seat)
    test = SELECTOR.matches
    out: list[int | str] = []
    for other in s.alive_seats():
        for c in s.zones[f"play.{other}"]:
            if all(t(s, c) for t in tests) and (not sel or test(who, sel, c)):
                out.append(c)
    return out


def interrupt_moves(s: BrawlState, seat: int, only: int | None = None) -> list[Move]:
    """The Interruptions ``seat`` may play now (card ``only``, when given)."""
    out = []
    hand = s.zones[f"hand.{seat}"]
    for c in hand if only is None else ([only] if only in hand else []):
        inf = s.info[c]
        if inf.kind == "interruption":
            out.extend(Move("interrupt", seat, c, t) for t in interrupt_targets(s, seat, inf))
    return out


def has_interrupt(s: BrawlState, seat: int) -> bool:
    for c in s.zones[f"hand.{seat}"]:
        inf = s.info[c]
        if inf.kind == "interruption" and interrupt_targets(s, seat, inf):
            return True
    return False


# -- cheaper exact tests of one move (``Rules.is_legal``) ------------------------------------
def _main_ok(s: BrawlState, seat: int, m: Move) -> bool:
    k = m.kind
    if k == "pass":
        return m == Move("pass", seat)
    if k == "interrupt":
        return m in interrupt_moves(s, seat, only=m.card)
    card = m.card
    if k in ("condition", "character"):
        if card not in s.zones[f"hand.{seat}"] or s.info[card].kind != k or s.played_character:
            return False
        if k == "condition":
            return not s.played_condition and m in condition_moves(s, seat, card)
        return len(s.zones[f"play.{seat}"]) < TEAM_LIMIT and m.target == f"play.{seat}" \
            and m.choice is None
    return m in link_moves(s, seat, only=card)


def _chain_ok(s: BrawlState, seat: int, m: Move) -> bool:
    if m.kind in ("pass", "interrupt"):
        return _main_ok(s, seat, m)
    return m in link_moves(s, seat, only=m.card)


def _outside_ok(s: BrawlState, seat: int, m: Move) -> bool:
    if m.kind in ("pass", "interrupt"):
        return _main_ok(s, seat, m)
    return m.kind == "declare" and s.owner(m.card) == seat and may_declare(s, m.card) \
        and m in declare_for(s, m.card, outside=True)


#: decision kind -> an exact test of one move (the others compare with the whole list)
CHECKS = {"main": _main_ok, "chain": _chain_ok, "outside": _outside_ok}
