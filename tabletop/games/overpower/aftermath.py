"""The end of a battle, in order: hands discarded, Venture Totals, the result, the mission
ladder, the mission victory (or abandonment), hits into the Permanent Record, and who
goes first next."""

from __future__ import annotations

from ...engine.flow import push
from ...engine.moves import seat_label
from .common import (
    COMPLETED,
    FAILED,
    HAND,
    HITS,
    MISSION_SIZE,
    MISSIONS,
    RECORD,
    RISK_COMPLETED,
    RISK_RESERVE,
    other,
)
from .events import battle_over
from .hits import game_over, venture_total
from .piles import discard, discard_all
from .state import FLOW, OPState


def _move(s: OPState, n: int, src: str, dst: str) -> int:
    n = min(n, len(s.zones[src]))
    for _ in range(n):
        s.zones[dst].append(s.zones[src].pop())
    return n


def rescue(s: OPState, seat: int, won_from_completed: int) -> tuple[int, int]:
    """Cards brought up from the Defeated pile by ventures won from the Completed pile:
    (to Completed, to Reserve). Each card won from Completed rescues one card to the
    Reserve Missions Pile, and every two also move one straight to Completed; with the
    *upgrade* reading, that one is among the rescued cards instead of an extra."""
    c = won_from_completed
    failed = FAILED[seat]
    if s.options.get("completed_bonus", "additive") == "upgrade":
        rescued = min(c, len(s.zones[failed]))
        up = _move(s, min(c // 2, rescued), failed, COMPLETED[seat])
        down = _move(s, rescued - up, failed, MISSIONS[seat])
    else:
        up = _move(s, c // 2, failed, COMPLETED[seat])
        down = _move(s, c, failed, MISSIONS[seat])
    return up, down


def ladder(s: OPState, seat: int, won: bool) -> str:
    """Move ``seat``'s ventured cards up (won) or down (lost) the ladder; the summary."""
    rr, rc = RISK_RESERVE[seat], RISK_COMPLETED[seat]
    a, c = len(s.zones[rr]), len(s.zones[rc])
    if won:
        _move(s, a, rr, COMPLETED[seat])
        _move(s, c, rc, COMPLETED[seat])
        up, down = rescue(s, seat, c)
        text = f"{a} Reserve \u2192 Completed"
        if c:
            text += f"; {c} stay Completed and bring up {up} to Completed, {down} to Reserve"
    else:
        _move(s, a, rr, FAILED[seat])
        _move(s, c, rc, MISSIONS[seat])
        text = f"{a} Reserve \u2192 Defeated" + (f"; {c} Completed \u2192 Reserve" if c else "")
    return text


def _piles(s: OPState, seat: int) -> str:
    return (f"Completed {len(s.zones[COMPLETED[seat]])}, Reserve "
            f"{len(s.zones[MISSIONS[seat]])}, Defeated {len(s.zones[FAILED[seat]])}")


def result_of(s: OPState, totals: tuple[int, int]) -> int | None:
    """The battle's winner: the other player after a concession, else the higher Venture
    Total (None: a draw)."""
    if s.conceded >= 0:
        return other(s.conceded)
    if totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1


def mission_victory(s: OPState, winner: int | None) -> bool:
    """Seven cards in Completed win; seven in Defeated abandon the mission."""
    for seat in [winner, other(winner)] if winner is not None else [0, 1]:
        if len(s.zones[COMPLETED[seat]]) == MISSION_SIZE:
            game_over(s, seat, f"{seat_label(seat)} wins: every piece of the mission is "
                               "Completed.")
            return True
        if len(s.zones[FAILED[seat]]) == MISSION_SIZE:
            game_over(s, other(seat), f"{seat_label(other(seat))} wins: "
                                      f"{seat_label(seat)} must abandon the mission.")
            return True
    return False


def record_hits(s: OPState) -> None:
    """This battle's hits join the Permanent Records; those on characters KO'd this
    battle go back to the players who scored them."""
    for q in (0, 1):
        zone = HITS[q]
        gone = [c for c in s.zones[zone] if s.attached.get(c) in s.ko_now]
        for c in gone:
            discard(s, c, zone)
        s.zones[RECORD[q]].extend(s.zones[zone])
        s.zones[zone].clear()


@FLOW.step("end_battle")
def end_battle(s: OPState) -> None:
    battle_over(s)  # the battle's Events leave play
    first = s.first
    for seat in (first, other(first)):
        hand = HAND[seat]
        discard_all(s, list(s.zones[hand]), hand, "discards the hand")
    s.must_place = frozenset()
    totals = (venture_total(s, 0), venture_total(s, 1))
    winner = result_of(s, totals)
    lines = [f"Battle {s.battle}: Venture Totals P1 {totals[0]}, P2 {totals[1]}"]
    if winner is None:
        s.riding = True
        lines.append("A draw: the ventured cards ride on the next battle")
    else:
        how = "concession" if s.conceded >= 0 else f"{max(totals)} to {min(totals)}"
        lines.append(f"{seat_label(winner)} wins the battle ({how})")
        s.riding = False
        s.granted = (0, 0)
        for seat in (winner, other(winner)):
            moved = ladder(s, seat, seat == winner)
            lines.append(f"{seat_label(seat)}: {moved} ({_piles(s, seat)})")
        s.first = winner
    for line in lines:
        s.say(line)
    s.summary = tuple(lines)
    if mission_victory(s, winner):
        return
    record_hits(s)
    push(s, ("battle",))
