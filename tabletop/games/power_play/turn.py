"""Power Play's sequence of play on the shared turn model: the rounds, the six steps of a
turn, and the decisions they put to the heroes.

================  ===============================================================
``round``         at the beginning of a round: the current location is drawn
``turn``          1. create the villain: villain, attribute, two powers (one face down)
``defend``        2. form a defence: the Active Hero plays one to four powers, then
                  *Done* (decision ``defend``; the fourth, or the last one held, closes it)
``support``       2. each other player, clockwise from the Active Hero's left, may add
                  one power (decision ``support``)
``reveal``        3. the villain reveals himself
``tally``         4. tally up; when the villain is stronger, a window in which each
                  player holding Bonus powers may spend one (decision ``bonus``)
``losses``        4-5. the villain still stronger: Bad News, and count your losses
``outcome``       the turn is decided: the Active Hero ends it (decision ``outcome``)
``end_of_turn``   6. discard, refill, the next Active Hero (or the end of the game)
``end_of_round``  the location leaves, everyone refills, the Active Hero card skips a seat
================  ===============================================================
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine.flow import Decision, Flow, decide, finish, push
from ...engine.moves import Move, seat_label
from .effects import PowerDraw, VillainPowers
from .scoring import final_score
from .state import PPState
from .tally import hero_tally, plan_of, villain_tally

ROUNDS = 4
HAND_SIZE = 4
MAX_DEFENCE = 4
BAD_NEWS_LIMIT = 2  # more than this loses
FLOW = Flow("power-play")


# -- at the beginning of a round ------------------------------------------------------------------
@FLOW.step("round")
def begin_round(s: PPState, seat: int) -> None:
    s.round += 1
    s.round_turn = 0
    loc = s.draw("locations", "location") if s.zones["locations"] else None
    if loc is not None:
        s.featured.append(loc)
        s.say(f"Round {s.round} of {ROUNDS}: the current location is {s.name(loc)}"
              + (f" ({s.cards[loc].text})" if s.cards[loc].text else ""))
    else:
        s.say(f"Round {s.round} of {ROUNDS}: no location")
    push(s, ("turn", seat))


# -- 1. create the villain ------------------------------------------------------------------------
@FLOW.step("turn")
def create_villain(s: PPState, seat: int) -> None:
    s.current = seat
    s.turn += 1
    s.round_turn += 1
    s.played = 0
    s.hero = s.villain_tally = None
    s.bonus_total = 0
    s.outcome = ""
    s.counters = {}
    s.say(f"Round {s.round}, turn {s.round_turn}: {seat_label(seat)} is the active hero")
    villain = s.draw("villains", "villain") if s.zones["villains"] else None
    attribute = s.draw("attributes", "attribute") if s.zones["attributes"] else None
    if villain is None:
        game_over(s, True, "No villains are left in the city.")
        return
    powers = VillainPowers(s, seat).draw(2)
    if len(powers) == 2:
        s.facedown.add(powers[1])
    inf = s.info[villain]
    what = f"The villain: {inf.name} (base {inf.base})"
    if attribute is not None:
        what += f", {s.name(attribute)} (attribute {s.info[attribute].power})"
    names = [s.name(powers[0])] if powers else []
    if len(powers) == 2:
        names.append("one face down")
    s.say(what + "; powers: " + (" and ".join(names) or "none"))
    push(s, ("defend", seat), ("support", None), ("reveal",), ("tally",), ("losses",),
         ("outcome",), ("end_of_turn",))


# -- the moves a decision offers (values, made once) -----------------------------------------
class _Onto(dict):
    """``card -> Move(kind, seat, card, "defence")`` for one kind and seat."""

    def __init__(self, kind: str, seat: int) -> None:
        super().__init__()
        self.kind = kind
        self.seat = seat

    def __missing__(self, card: int) -> Move:
        move = self[card] = Move(self.kind, self.seat, card, "defence")
        return move


_ONTO: dict[tuple[str, int], _Onto] = {}
_PLAIN: dict[tuple[str, int], Move] = {}


def onto_defence(kind: str, seat: int, cards: list[int]) -> list[Move]:
    """``kind`` moves of ``seat`` putting each of ``cards`` onto the defence."""
    table = _ONTO.get((kind, seat))
    if table is None:
        table = _ONTO[kind, seat] = _Onto(kind, seat)
    return [table[c] for c in cards]


def plain(kind: str, seat: int) -> Move:
    """A move without a card (``done``, ``pass``, ``end``)."""
    move = _PLAIN.get((kind, seat))
    if move is None:
        move = _PLAIN[kind, seat] = Move(kind, seat)
    return move


# -- 2. form a defence -------------------------------------------------------------------------
def _defend_options(s: PPState, d: Decision) -> list[Move]:
    seat = d.seat
    hand = s.zones[f"hand.{seat}"]
    out = onto_defence("play", seat, hand)
    if s.played or not hand:
        out.append(plain("done", seat))
    return out


@FLOW.step("defend")
def defend(s: PPState, seat: int) -> None:
    decide(s, "defend", seat)


@FLOW.decision("defend", _defend_options)
def defended(s: PPState, d: Decision, m: Move) -> None:
    if m.kind == "play":
        hand = f"hand.{m.seat}"
        s.move_card(m.card, hand, "defence")
        s.played += 1
        if s.played < MAX_DEFENCE and s.zones[hand]:
            defend(s, m.seat)
            return
    s.say(f"{seat_label(s.current)}'s defence is set with {s.played} power(s)")


def _support_options(s: PPState, d: Decision) -> list[Move]:
    seat = d.seat
    out = onto_defence("play", seat, s.zones[f"hand.{seat}"])
    out.append(plain("pass", seat))
    return out


@FLOW.step("support")
def support(s: PPState, seats: tuple[int, ...] | None) -> None:
    """Each other player in turn, clockwise from the Active Hero's left (``seats``: those
    still to decide); a player holding no power is passed over."""
    if seats is None:
        seats = tuple(o for o in s.order_from(s.left_of(s.current)) if o != s.current)
    while seats and not s.zones[f"hand.{seats[0]}"]:
        s.say(f"{seat_label(seats[0])} has no power to add")
        seats = seats[1:]
    if seats:
        decide(s, "support", seats[0], seats[1:])


@FLOW.decision("support", _support_options)
def supported(s: PPState, d: Decision, m: Move) -> None:
    if m.kind == "play":
        s.move_card(m.card, f"hand.{m.seat}", "defence")
    else:
        s.say(f"{seat_label(m.seat)} adds nothing")
    support(s, d.data[0])


# -- 3. the villain reveals himself, 4. tally up -----------------------------------------------
@FLOW.step("reveal")
def reveal(s: PPState) -> None:
    for c in s.zones["threat"]:
        if c in s.facedown:
            s.facedown.discard(c)
            s.say(f"The villain reveals its hidden power: {s.name(c)}")
    s.reveals += 1


@FLOW.step("tally")
def tally_up(s: PPState) -> None:
    plan = plan_of(s.table_effects())
    heroes = s.powers_of("defence")
    threat = s.powers_of("threat")
    s.hero = hero_tally(heroes, threat, plan)
    s.villain_tally = villain_tally(threat, s.attribute_power(), s.base(), heroes, plan)
    say_all(s, s.hero.lines() + s.villain_tally.lines())
    if s.hero.total >= s.villain_tally.total:
        win_turn(s)
        return
    s.say(f"The villain is stronger by {s.villain_tally.total - s.hero.total}")
    holders = tuple(o for o in s.order_from(s.current) if s.zones[f"bonus.{o}"])
    push(s, ("window", "bonus", holders))


def _bonus_options(s: PPState, d: Decision) -> list[Move]:
    seat = d.seat
    out = onto_defence("bonus", seat, s.zones[f"bonus.{seat}"])
    out.append(plain("pass", seat))
    return out


def holds_bonus(s: PPState, seat: int, *rest) -> bool:
    return bool(s.zones[f"bonus.{seat}"])


@FLOW.decision("bonus", _bonus_options, offered=holds_bonus)
def bonus(s: PPState, d: Decision, m: Move) -> None:
    """A Bonus power adds its villain's base power; one per player (any number with the
    option), clockwise from the Active Hero, until the heroes catch up."""
    if m.kind == "pass":
        s.say(f"{seat_label(m.seat)} keeps their Bonus powers")
        FLOW.pass_window(s, d)
        return
    inf = s.info[m.card]
    s.move_card(m.card, f"bonus.{m.seat}", "spent")
    s.bonus_total += inf.base
    key = ("spent", m.seat)
    s.counters[key] = s.counters.get(key, 0) + 1
    total = s.hero.total + s.bonus_total
    s.say(f"{seat_label(m.seat)} spends {inf.name} as a Bonus power: +{inf.base}, "
          f"heroes {total} against {s.villain_tally.total}")
    if total >= s.villain_tally.total:
        win_turn(s)
    elif s.options.get("any_bonus") and s.zones[f"bonus.{m.seat}"]:
        push(s, ("window", "bonus", (m.seat,) + d.data[0]))
    else:
        FLOW.pass_window(s, d)


def win_turn(s: PPState) -> None:
    """The heroes hold: the villain card will be the active hero's Bonus power (it stays
    on the table, with the tallies, until the turn is ended)."""
    villain = s.villain_card()
    s.outcome = "won"
    total = s.hero.total + s.bonus_total
    s.say(f"The heroes win this turn ({total} against {s.villain_tally.total}): "
          f"{seat_label(s.current)} gets {s.name(villain)} as a Bonus power "
          f"(worth {s.info[villain].base})")


# -- 4-5. the villain wins the turn; count your losses -------------------------------------------
@FLOW.step("losses")
def count_losses(s: PPState) -> None:
    """The villain card will be the active hero's Bad News; a third one ends the game at
    once."""
    if s.outcome:
        return
    villain = s.villain_card()
    seat = s.current
    s.outcome = "lost"
    total = s.hero.total + s.bonus_total
    count = s.bad_news(seat) + 1
    s.say(f"The villain wins this turn ({s.villain_tally.total} against {total}): "
          f"{seat_label(seat)} gets {s.name(villain)} face down as Bad News "
          f"({count} now)")
    if count > BAD_NEWS_LIMIT:
        s.move_card(villain, "villain", f"badnews.{seat}")
        game_over(s, False, f"{seat_label(seat)} has {count} Bad News cards: the public now "
                  "sees the heroes as mere vigilantes.")


# -- 6. end of turn --------------------------------------------------------------------------------
@FLOW.step("outcome")
def outcome(s: PPState) -> None:
    decide(s, "outcome", s.current)


@FLOW.decision("outcome", lambda s, d: [plain("end", d.seat)])
def ended(s: PPState, d: Decision, m: Move) -> None:
    s.say(f"{seat_label(m.seat)} ends the turn")


def last_turn(s: PPState) -> bool:
    return s.round == ROUNDS and s.round_turn == s.seats


@FLOW.step("end_of_turn")
def end_of_turn(s: PPState) -> None:
    seat = s.current
    move_all(s, "villain", f"bonus.{seat}" if s.outcome == "won" else f"badnews.{seat}")
    if last_turn(s):
        # the last fight stays on the table beside the final score
        game_over(s, True, "The last round is over and the heroes' identities are still "
                  "secret: the city is clean.")
        return
    move_all(s, "defence", "discard")
    if s.options.get("receding"):
        names = ", ".join(s.name(c) for c in s.zones["threat"])
        move_all(s, "threat", "out")
        if names:
            s.say(f"Receding power levels: {names} leave the game")
    else:
        move_all(s, "threat", "discard")
    move_all(s, "attribute", "out")
    move_all(s, "spent", "out")
    refill(s, seat)
    if s.round_turn < s.seats:
        push(s, ("turn", s.left_of(seat)))
    else:
        push(s, ("end_of_round", seat))


@FLOW.step("end_of_round")
def end_of_round(s: PPState, seat: int) -> None:
    """``seat`` was the last Active Hero of the round."""
    for c in s.zones["location"]:
        s.say(f"Round {s.round} is over: {s.name(c)} is removed from play")
    move_all(s, "location", "out")
    for other in s.order_from(s.left_of(seat)):
        refill(s, other)
    s.current = s.left_of(s.left_of(seat))
    s.say(f"{seat_label(s.current)} takes the Active Hero card (two seats left of "
          f"{seat_label(seat)})")
    push(s, ("round", s.current))


def refill(s: PPState, seat: int) -> None:
    """Up to four powers (fewer when no power card is left anywhere)."""
    PowerDraw(s, seat).draw(HAND_SIZE - len(s.zones[f"hand.{seat}"]))


def move_all(s: PPState, src: str, dst: str) -> None:
    cards = s.zones[src]
    if cards:
        s.facedown.difference_update(cards)
        s.zones[dst].extend(cards)
        s.zones[src] = []


def say_all(s: PPState, lines: list[str]) -> None:
    """Log lines everyone reads (what :meth:`~tabletop.engine.state.State.say` adds for
    each, in one go)."""
    s.events.extend([(line, None) for line in lines])


def game_over(s: PPState, won: bool, why: str) -> None:
    bonus = [s.info[c].base for seat in range(s.seats) for c in s.zones[f"bonus.{seat}"]]
    locations = [s.info[c].score_bonus for c in s.featured if s.info[c].score_bonus]
    bad = sum(s.bad_news(seat) for seat in range(s.seats))
    s.score, s.score_lines = final_score(won, bonus, locations, bad)
    finish(s, tuple(range(s.seats)) if won else ())
    s.lost = not won
    verdict = "The heroes win!" if won else "The heroes lose."
    s.result = f"{verdict} {why} Score: {s.score} / 100."
    s.say(s.result)
    for line in s.score_lines:
        s.say(f"  {line}")


# -- legality without listing the options ------------------------------------------------------
def _plain(m: Move, kind: str) -> bool:
    return m.kind == kind and m.card is None and m.target is None and m.choice is None


def _onto_defence(m: Move, kind: str, cards: list[int]) -> bool:
    return m.kind == kind and m.target == "defence" and m.choice is None and m.card in cards


def _defend_legal(s: PPState, d: Decision, m: Move) -> bool:
    hand = s.zones[f"hand.{d.seat}"]
    return _onto_defence(m, "play", hand) or (_plain(m, "done") and bool(s.played or not hand))


#: each decision's exact test of one move (the same answer as ``move in options``);
#: the seat is checked before
EXACT: dict[str, Callable[[PPState, Decision, Move], bool]] = {
    "defend": _defend_legal,
    "support": lambda s, d, m: _onto_defence(m, "play", s.zones[f"hand.{d.seat}"])
    or _plain(m, "pass"),
    "bonus": lambda s, d, m: _onto_defence(m, "bonus", s.zones[f"bonus.{d.seat}"])
    or _plain(m, "pass"),
    "outcome": lambda s, d, m: _plain(m, "end"),
}
