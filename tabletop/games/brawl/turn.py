"""Brawl's sequence of play on the shared turn model: set-up picks and the sixteen steps
of a turn, as queued steps and the decisions they put to the players.

==========  ==============================================================================
set-up      ``pick`` for each seat in turn (a Character face down), then ``reveal``
turn        step 1 draw; ``main`` steps 2-4 (one Condition, one Character, attack or pass);
            ``chain`` steps 5-6 (counter-attacks while someone takes the opportunity);
            ``outside`` step 7 (powers reaching outside the match-up, clockwise);
            ``declare`` steps 9-10 (attackers, then attacked characters);
            ``fight`` step 8's last window (``pre``) and step 11 (``damage``), only when
            someone fought; ``end`` step 12 (Interruptions before the turn ends);
            ``hand_limit`` step 14 (``discard``); ``finish`` steps 15-16
==========  ==============================================================================

Interruptions may be played whenever their holder is asked to decide (except during
damage and the hand limit); the ``pre`` and ``end`` windows ask only the players who
hold one with a target (``docs/rulings.md``).
"""

from __future__ import annotations

from ...engine.flow import Decision, Flow, decide, finish, push
from ...engine.moves import Move, seat_label
from . import damage
from .effects import carry_out
from .legal import (
    END,
    PASS,
    RESOLVE,
    TEAM_LIMIT,
    _may_declare,
    can_declare_outside,
    declare_for,
    declare_moves,
    has_interrupt,
    has_link,
    interrupt_moves,
    link_moves,
    main_moves,
    timed,
)
from .state import HAND_ZONES, PLAY_ZONES, BrawlState

HAND_LIMIT = 5
FLOW = Flow("brawl")
#: who reads a private log line: the seat itself, or everyone else (by seat count)
ONLY = tuple(frozenset({seat}) for seat in range(3))
#: each seat's name in the log (``seat_label``), made once
LABEL = tuple(seat_label(seat) for seat in range(3))
OTHERS = {n: tuple(frozenset(range(n)) - {seat} for seat in range(n)) for n in (2, 3)}


# -- set-up: picks and the reveal -----------------------------------------------------------
def _pick_options(s: BrawlState, d: Decision) -> list[Move]:
    seat = d.seat
    zone = PLAY_ZONES[seat]
    return [Move("pick", seat, c, zone) for c in s.zones[HAND_ZONES[seat]]
            if s.info[c].kind == "character"]


@FLOW.step("pick")
def pick(s: BrawlState, seat: int) -> None:
    decide(s, "pick", seat)


@FLOW.decision("pick", _pick_options)
def picked(s: BrawlState, d: Decision, m: Move) -> None:
    s.move_card(m.card, HAND_ZONES[m.seat], PLAY_ZONES[m.seat])
    s.facedown.add(m.card)
    s.say(f"{LABEL[m.seat]} places {s.name(m.card)} face down", only={m.seat})
    s.say(f"{LABEL[m.seat]} places a Character face down",
          only=set(range(s.seats)) - {m.seat})
    push(s, ("pick", m.seat + 1) if m.seat + 1 < s.seats else ("reveal",))


@FLOW.step("reveal")
def reveal(s: BrawlState) -> None:
    from .cards import SIDE_RANK

    s.facedown.clear()
    s.reveals += 1
    for seat in range(s.seats):
        for c in s.zones[PLAY_ZONES[seat]]:
            s.hp[c] = s.info[c].health
            s.say(f"{LABEL[seat]} reveals {s.name(c)} "
                  f"({s.info[c].side.capitalize()}, {s.info[c].attack}, "
                  f"health {s.info[c].health})")

    def villainy(seat: int) -> tuple[int, str]:
        c = s.zones[PLAY_ZONES[seat]][0]
        return (SIDE_RANK[s.info[c].side], s.info[c].name.casefold())

    first = max(range(s.seats), key=villainy)
    s.say(f"{LABEL[first]} goes first (the most villainous Character)")
    push(s, ("turn", first))


# -- step 1: a new turn ---------------------------------------------------------------------
@FLOW.step("turn")
def turn(s: BrawlState, seat: int) -> None:
    s.current = seat
    s.turn += 1
    s.played_condition = False
    s.played_character = False
    s.say(f"Turn {s.turn}: {LABEL[seat]}")
    card = s.draw(s.draw_zone(seat), HAND_ZONES[seat])
    if card is not None:
        s.say(f"{LABEL[seat]} draws {s.name(card)}", only=ONLY[seat])
        s.say(f"{LABEL[seat]} draws a card", only=OTHERS[s.seats][seat])
    rest_of_turn(s, seat)


def rest_of_turn(s: BrawlState, seat: int) -> None:
    """Steps 2-16, queued after the draw (a scenario position starts here)."""
    push(s, ("main", seat), ("outside", None), ("declare", None), ("fight",), ("end",),
         ("hand_limit",), ("finish",))


# -- steps 2-4: Condition, Character, attack ------------------------------------------------
def _main_options(s: BrawlState, d: Decision) -> list[Move]:
    return main_moves(s, d.seat) + interrupt_moves(s, d.seat)


@FLOW.step("main")
def main(s: BrawlState, seat: int) -> None:
    decide(s, "main", seat)


@FLOW.decision("main", _main_options)
def main_move(s: BrawlState, d: Decision, m: Move) -> None:
    k = m.kind
    if k == "pass":
        s.say(f"{LABEL[m.seat]} does not attack")
    elif k == "condition":
        play_condition(s, m)
        push(s, *respond(s), ("main", d.seat))
    elif k == "character":
        s.move_card(m.card, HAND_ZONES[m.seat], PLAY_ZONES[m.seat])
        s.hp[m.card] = s.info[m.card].health
        s.played_character = True
        s.played_condition = True
        s.say(f"{LABEL[m.seat]} puts {s.name(m.card)} into play "
              f"(health {s.hp[m.card]})")
        push(s, *respond(s), ("main", d.seat))
    elif k == "interrupt":
        interrupt(s, m)
        push(s, ("main", d.seat))
    else:
        link(s, m, creator=s.right_of(m.seat), verb="attacks")


def play_condition(s: BrawlState, m: Move) -> None:
    card = m.card
    inf = s.info[card]
    s.zones[HAND_ZONES[m.seat]].remove(card)
    s.played_condition = True
    s.say(f"{LABEL[m.seat]} plays the Condition {inf.name}")
    if inf.instant:
        carry_out(s, m.seat, card, m.target)
        s.zones["discard"].append(card)
        return
    for other in s.zones["conditions"]:
        oinf = s.info[other]
        if oinf.id == inf.opposes or oinf.opposes == inf.id:
            s.zones["conditions"].remove(other)
            s.zones["discard"] += [other, card]
            s.say(f"{inf.name} and {oinf.name} cancel each other out: both are discarded")
            return
    s.zones["conditions"].append(card)


def _window_options(s: BrawlState, d: Decision) -> list[Move]:
    return [PASS[d.seat]] + interrupt_moves(s, d.seat)


def _others_from(s: BrawlState, seat: int, *skip: int) -> tuple[int, ...]:
    return tuple(o for o in s.order_from(seat) if o != seat and o not in skip)


# -- Interruptions "at any time": answering the current player's moves -----------------------
def respond(s: BrawlState, mover: int | None = None, asked: int | None = None) -> tuple:
    """The window after a move of the current player (a Condition, a Character, an attack
    or action) for the other players holding an Interruption with a target; the player
    the chain asks next answers there instead (ruling 19). Empty under rules version 1."""
    if not timed(s) or (mover is not None and mover != s.current):
        return ()
    interruptions, zones, current = s.interruptions, s.zones, s.current
    if all(interruptions.isdisjoint(zones[HAND_ZONES[o]])
           for o in range(s.seats) if o != current):
        return ()  # the window would ask no one: no one else holds an Interruption
    skip = asked if asked is not None and has_link(s, asked) else None
    seats = tuple(o for o in s.order_from(s.current) if o not in (s.current, skip))
    return (("window", "respond", seats),) if seats else ()


@FLOW.decision("respond", _window_options, offered=has_interrupt)
def respond_move(s: BrawlState, d: Decision, m: Move) -> None:
    if m.kind == "pass":
        FLOW.pass_window(s, d)
        return
    interrupt(s, m)
    push(s, ("window", "respond", (m.seat,) + _others_from(s, m.seat, s.current)))


# -- steps 5-6: the chain of counter-attacks ---------------------------------------------------
def link(s: BrawlState, m: Move, creator: int, verb: str) -> None:
    """An attack or (More Actions) an action; it gives someone the chance to answer."""
    s.played_character = s.played_condition = True
    if m.kind == "attack":
        s.mu[m.card] = m.target
        s.fought.update((m.card, m.target))
        s.say(f"{s.name(m.card)} {verb} {s.name(m.target)}")
        nxt = s.owner(m.target)
        push(s, *respond(s, m.seat, nxt), ("chain", nxt, m.seat))
        return
    s.action[m.card] = (m.kind, m.target)
    if m.kind == "thwart":
        what = f"thwarts the match-up of {s.name(m.target)} and {s.name(s.mu[m.target])}"
    elif m.kind == "aid":
        what = f"renders aid to {s.name(m.target)}"
    else:
        what = f"gangs up with {s.name(m.target)}"
    s.say(f"{s.name(m.card)} {what}")
    # Who may counter-attack: the opponent (two players); with three, the player not
    # involved in creating this opportunity (the left player after an opening action).
    alive = s.alive_seats()
    if len(alive) <= 2:
        nxt = next(o for o in alive if o != m.seat)
    else:
        others = [o for o in s.order_from(m.seat) if o not in (m.seat, creator)]
        nxt = others[0] if others else next(o for o in alive if o != m.seat)
    push(s, *respond(s, m.seat, nxt), ("chain", nxt, m.seat))


def _chain_options(s: BrawlState, d: Decision) -> list[Move]:
    return link_moves(s, d.seat) + [PASS[d.seat]] + interrupt_moves(s, d.seat)


@FLOW.step("chain")
def chain(s: BrawlState, responder: int, creator: int) -> None:
    if has_link(s, responder):
        decide(s, "chain", responder, creator)


@FLOW.decision("chain", _chain_options)
def chain_move(s: BrawlState, d: Decision, m: Move) -> None:
    if m.kind == "pass":
        s.say(f"{LABEL[m.seat]} does not counter-attack")
    elif m.kind == "interrupt":
        interrupt(s, m)
        push(s, ("chain", d.seat, d.data[0]))
    else:
        link(s, m, creator=d.data[0], verb="counter-attacks")


# -- step 7: powers that reach outside the match-up --------------------------------------------
def _outside_options(s: BrawlState, d: Decision) -> list[Move]:
    return declare_moves(s, d.seat, outside=True) + [PASS[d.seat]] + \
        interrupt_moves(s, d.seat)


@FLOW.step("outside")
def outside(s: BrawlState, queue: tuple[int, ...] | None) -> None:
    if queue is None:  # the attacks are over
        s.played_character = s.played_condition = True
        queue = tuple(s.order_from(s.current))
    while queue and not can_declare_outside(s, queue[0]):
        queue = queue[1:]
    if queue:
        decide(s, "outside", queue[0], queue)


@FLOW.decision("outside", _outside_options)
def outside_move(s: BrawlState, d: Decision, m: Move) -> None:
    queue = d.data[0]
    if m.kind == "pass":
        s.say(f"{LABEL[m.seat]} declares nothing early")
        push(s, ("outside", queue[1:]))
        return
    if m.kind == "interrupt":
        interrupt(s, m)
    else:
        declare(s, m)
    push(s, ("outside", queue))


def declare(s: BrawlState, m: Move) -> None:
    card = m.card
    power = s.info[card].powers[m.choice]
    s.power[card] = m.choice
    text = f"{s.name(card)} declares {power.declared}"
    if power.heal is not None:
        s.heal_to[card] = m.target
        text += f" on {s.name(m.target)}"
    s.say(text)


# -- steps 9-10: attackers, then attacked characters declare ---------------------------------
def _declare_options(s: BrawlState, d: Decision) -> list[Move]:
    return declare_for(s, d.data[0][0], False, d.seat) + interrupt_moves(s, d.seat)


@FLOW.step("declare")
def declare_step(s: BrawlState, cards: tuple[int, ...] | None) -> None:
    mu = s.mu
    if cards is None:
        cards = tuple(mu) + tuple(mu.values())
    strict = timed(s)
    info = s.info
    for i, c in enumerate(cards):  # the first that may declare a power inside now
        if (not strict or info[c].inside) and _may_declare(s, c) \
                and (c in mu or c in mu.values()):  # may_declare, in_matchup: inlined
            owner = s.owner(c)
            if owner is not None:
                decide(s, "declare", owner, cards[i:])
                return


@FLOW.decision("declare", _declare_options)
def declared(s: BrawlState, d: Decision, m: Move) -> None:
    cards = d.data[0]
    if m.kind == "interrupt":
        interrupt(s, m)
        push(s, ("declare", cards))
    else:
        declare(s, m)
        push(s, ("declare", cards[1:]))


# -- step 8's last window and step 11: damage -------------------------------------------------
@FLOW.step("fight")
def fight(s: BrawlState) -> None:
    if not s.mu and not s.action and not s.power:
        return  # nobody fought: no damage to resolve
    push(s, ("window", "pre", tuple(s.order_from(s.current))), ("damage",))


@FLOW.decision("pre", _window_options, offered=has_interrupt)
def pre_move(s: BrawlState, d: Decision, m: Move) -> None:
    if m.kind == "pass":
        s.say(f"{LABEL[m.seat]} plays no Interruption before damage")
        FLOW.pass_window(s, d)
        return
    interrupt(s, m)
    push(s, ("window", "pre", (m.seat,) + _others_from(s, m.seat)))


@FLOW.step("damage")
def damage_step(s: BrawlState) -> None:
    decide(s, "damage", s.current)


@FLOW.decision("damage", lambda s, d: [RESOLVE[d.seat]])
def resolve(s: BrawlState, d: Decision, m: Move) -> None:
    damage.resolve(s)


# -- step 12: before the turn ends ---------------------------------------------------------------
def _end_options(s: BrawlState, d: Decision) -> list[Move]:
    own = (END if d.seat == s.current else PASS)[d.seat]
    return [own] + interrupt_moves(s, d.seat)


@FLOW.step("end")
def end_window(s: BrawlState) -> None:
    push(s, ("window", "end", _others_from(s, s.current) + (s.current,)))


@FLOW.decision("end", _end_options,
               offered=lambda s, seat, *rest: seat == s.current or has_interrupt(s, seat))
def end_move(s: BrawlState, d: Decision, m: Move) -> None:
    if m.kind == "pass":
        s.say(f"{LABEL[m.seat]} plays no Interruption before the turn ends")
        FLOW.pass_window(s, d)
        return
    if m.kind == "interrupt":
        interrupt(s, m)
        first = (m.seat,) if m.seat != s.current else ()
        push(s, ("window", "end", first + _others_from(s, m.seat, s.current) + (s.current,)))
        return
    s.say(f"{LABEL[m.seat]} ends the turn")
    s.mu.clear()
    s.power.clear()
    s.heal_to.clear()
    s.cancelled.clear()
    s.action.clear()
    s.fought.clear()
    s.withdrawn.clear()


# -- step 14: the hand limit ------------------------------------------------------------------
@FLOW.step("hand_limit")
def hand_limit(s: BrawlState) -> None:
    if len(s.zones[HAND_ZONES[s.current]]) > HAND_LIMIT:
        decide(s, "discard", s.current)


@FLOW.decision("discard", lambda s, d: [Move("discard", d.seat, c, "discard")
                                        for c in s.zones[HAND_ZONES[d.seat]]])
def discarded(s: BrawlState, d: Decision, m: Move) -> None:
    s.move_card(m.card, HAND_ZONES[m.seat], "discard")
    s.say(f"{LABEL[m.seat]} discards {s.name(m.card)} (hand limit)")
    push(s, ("hand_limit",))


# -- steps 15-16: knocked out, next turn, the end of the draw pile -----------------------------
@FLOW.step("finish")
def finish_turn(s: BrawlState) -> None:
    seat = s.current
    team = s.zones[PLAY_ZONES[seat]]
    if team and s.turned.issuperset(team):  # every one of them knocked out
        if (s.options.get("maybe_help") and len(team) < TEAM_LIMIT
                and seat not in s.reprieve):
            s.reprieve.add(seat)
            s.say(f"Every Character of {LABEL[seat]} is knocked out, but help may "
                  "arrive: one more turn to bring someone in or revive them")
        else:
            lose(s, seat, f"every Character of {LABEL[seat]} is knocked out")
    else:
        s.reprieve.discard(seat)
    if not s.over and seat not in s.eliminated and s.options.get("delay_of_game"):
        if team:
            s.empty_turns[seat] = 0
        else:
            s.empty_turns[seat] += 1
            if s.empty_turns[seat] >= 2:
                lose(s, seat, f"{LABEL[seat]} had no Characters in play for two turns "
                     "in a row (Delay of Game)")
            else:
                s.say(f"{LABEL[seat]} has no Characters in play (Delay of Game: one "
                      "more such turn loses)")
    if s.over:
        return
    nxt = s.left_of(seat)
    if not s.zones[s.draw_zone(nxt)]:
        end_by_count(s)
        return
    push(s, ("turn", nxt))


def lose(s: BrawlState, seat: int, why: str) -> None:
    alive = s.alive_seats()
    if len(alive) <= 2:
        winner = next(o for o in alive if o != seat)
        game_over(s, (winner,), f"{LABEL[winner]} wins: {why}.")
        return
    s.eliminated.add(seat)
    s.say(f"{LABEL[seat]} is eliminated: {why}. The others fight on.")


def standing_counts(s: BrawlState) -> dict[int, int]:
    return {seat: sum(1 for c in s.zones[PLAY_ZONES[seat]] if c not in s.turned)
            for seat in s.alive_seats()}


def end_by_count(s: BrawlState) -> None:
    counts = standing_counts(s)
    best = max(counts.values())
    top = tuple(seat for seat, n in counts.items() if n == best)
    detail = ", ".join(f"{LABEL[seat]} {n}" for seat, n in counts.items())
    if len(top) == 1:
        game_over(s, top, f"The draw pile is empty. {LABEL[top[0]]} wins with more "
                  f"Characters standing ({detail}).")
    else:
        game_over(s, (), f"The draw pile is empty and the standing Characters are level "
                  f"({detail}): a draw.")


def game_over(s: BrawlState, winners: tuple[int, ...], text: str) -> None:
    finish(s, winners)
    s.result = text
    s.say(text)


# -- Interruptions ------------------------------------------------------------------------------
def interrupt(s: BrawlState, m: Move) -> None:
    inf = s.info[m.card]
    s.zones[HAND_ZONES[m.seat]].remove(m.card)
    on = "" if m.target == "table" else f" on {s.name(m.target)}"
    s.say(f"{LABEL[m.seat]} interrupts with {inf.name}{on}")
    carry_out(s, m.seat, m.card, m.target)
    s.zones["discard"].append(m.card)
