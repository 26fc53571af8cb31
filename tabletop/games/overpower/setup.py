"""Setting up and starting each battle: the Reserve chosen (both players in secret,
revealed together), who goes first (the cut), and a battle's opening: the Reserve moves
up after a KO, characters sent into the Reserve come back, hands of eight are drawn."""

from __future__ import annotations

from ...engine.flow import Decision, decide, push
from ...engine.moves import Move, seat_label
from .common import (
    BASE,
    BATTLE_LIMIT,
    COMPLETED,
    DEFEATED,
    DRAW,
    FAILED,
    FRONT,
    FRONT_SIZE,
    HAND,
    HAND_SIZE,
    PLACED,
    RESERVE,
    other,
)
from .context import OPEffects
from .hits import game_over
from .state import FLOW, OPState


@FLOW.step("setup")
def setup(s: OPState) -> None:
    push(s, ("choose_reserve", 0), ("choose_reserve", 1), ("reveal_teams",),
         ("first_player",), ("battle",))


@FLOW.step("choose_reserve")
def choose_reserve(s: OPState, seat: int) -> None:
    decide(s, "reserve", seat)


def _reserve_options(s: OPState, d: Decision) -> list[Move]:
    return [Move("reserve", d.seat, c, RESERVE[d.seat])
            for c in s.zones[FRONT[d.seat]]]


@FLOW.decision("reserve", _reserve_options, phase="setup")
def reserve_chosen(s: OPState, d: Decision, m: Move) -> None:
    s.move_card(m.card, FRONT[m.seat], RESERVE[m.seat])
    s.say(f"{seat_label(m.seat)} puts {s.name(m.card)} in Reserve", only={m.seat})
    s.say(f"{seat_label(m.seat)} chooses a Reserve (face down)", only={other(m.seat)})


@FLOW.step("reveal_teams")
def reveal_teams(s: OPState) -> None:
    s.facedown.clear()
    s.reveals += 1
    for seat in (0, 1):
        line = ", ".join(s.name(c) for c in s.zones[FRONT[seat]])
        reserve = ", ".join(s.name(c) for c in s.zones[RESERVE[seat]])
        s.say(f"{seat_label(seat)} reveals a Front Line of {line}; Reserve: {reserve}")


def _cut(s: OPState) -> int | None:
    """Each player cuts their Draw Pile: the higher value goes first (no value: 0)."""
    values = []
    for seat in (0, 1):
        pile = s.zones[DRAW[seat]]
        card = pile[s.randint(len(pile))] if pile else None
        value = s.info[card].value if card is not None else 0
        values.append(value)
        s.say(f"{seat_label(seat)} cuts {s.name(card) if card is not None else 'nothing'} "
              f"({value})")
    s.reveals += 1
    if values[0] == values[1]:
        s.say("A tie: both cut again")
        return None
    return 0 if values[0] > values[1] else 1


@FLOW.step("first_player")
def first_player(s: OPState) -> None:
    how = s.options.get("first_player", "cut")
    if how in ("p1", "p2"):
        first = 0 if how == "p1" else 1
    elif how == "random":
        first = s.randint(2)
    else:
        first = None
        for _ in range(100):
            first = _cut(s)
            if first is not None:
                break
        first = s.randint(2) if first is None else first
        for seat in (0, 1):
            s.shuffle(s.zones[DRAW[seat]])
    s.first = first
    s.say(f"{seat_label(first)} goes first")


# -- a battle begins ------------------------------------------------------------------------------
def line_up(s: OPState) -> None:
    """Characters sent into the Reserve come back; after a KO the Reserve moves up."""
    for seat in (0, 1):
        front = s.zones[FRONT[seat]]
        reserve = s.zones[RESERVE[seat]]
        for ch in [c for c in reserve if c in s.benched]:
            s.move_card(ch, RESERVE[seat], FRONT[seat])
            s.say(f"{s.name(ch)} comes back to the Front Line")
        while len(front) < FRONT_SIZE and reserve:
            ch = reserve[0]
            s.move_card(ch, RESERVE[seat], FRONT[seat])
            s.say(f"{s.name(ch)} moves up from the Reserve to the Front Line")


def reset_battle(s: OPState) -> None:
    s.passed = (False, False)
    s.last_pass = False
    s.placing = (True, True)
    s.attack = None
    s.chain = ()
    s.bonuses = ()
    s.grid_mods = ()
    s.shut = ()
    s.guarded = ()
    s.benched = frozenset()
    s.venture_mod = (0, 0)
    s.must_place = frozenset()
    s.placed_now = frozenset()
    s.ko_now = frozenset()
    s.grants = ()
    s.conceded = -1
    s.ventured_now = (0, 0)


@FLOW.step("battle")
def battle(s: OPState) -> None:
    if s.battle >= BATTLE_LIMIT:
        end_by_tiebreak(s, f"{BATTLE_LIMIT} battles have been fought")
        return
    line_up(s)
    reset_battle(s)
    s.battle += 1
    s.say(f"Battle {s.battle}: {seat_label(s.first)} goes first")
    push(s, ("draws",), ("events",), ("discard_step",), ("place", s.first), ("ventures",),
         ("concessions",), ("fight",))


def hand_size(s: OPState, seat: int) -> int:
    """Eight cards, plus what inherent abilities add (``hand_size``)."""
    extra = 0
    for zone, where in ((FRONT[seat], "front"), (RESERVE[seat], "reserve"),
                        (BASE[seat], "any")):  # a Home Base's ability too
        for ch in s.zones[zone]:
            extra += sum(n for n, cond in s.info[ch].profile.hand if cond in (where, "any"))
    return HAND_SIZE + extra


@FLOW.step("draws")
def draws(s: OPState) -> None:
    for seat in (s.first, other(s.first)):
        OPEffects(s, None, seat).draw(hand_size(s, seat), check=False)
    if not any(s.zones[HAND[p]] or s.zones[PLACED[p]] for p in (0, 1)):
        end_by_tiebreak(s, "neither player has a card left to play")


def end_by_tiebreak(s: OPState, why: str) -> None:
    """A game that cannot go on: more Completed missions wins, then fewer Defeated
    missions, then fewer characters KO'd; otherwise a draw."""
    def score(p: int) -> tuple:
        return (len(s.zones[COMPLETED[p]]), -len(s.zones[FAILED[p]]),
                -sum(1 for c in s.zones[DEFEATED[p]] if s.info[c].kind == "character"))

    a, b = score(0), score(1)
    if a == b:
        game_over(s, None, f"The game ends ({why}) level on missions and KOs: a draw.")
        return
    winner = 0 if a > b else 1
    game_over(s, winner, f"The game ends ({why}): {seat_label(winner)} wins on the "
                         "missions (more Completed, then fewer Defeated, then fewer KOs).")
