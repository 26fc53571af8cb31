"""Race to Ten: the worked example of docs/architecture.md, a whole game on the engine core.

Two players take turns: draw a card from the hidden pile, then play one from the hand;
each card scores its points. The first to ten wins; when the pile runs out, the higher
score wins. docs/architecture.md shows this file below this docstring, line for line
(tests/test_architecture_example.py checks it and plays the game through the engine).
"""

from __future__ import annotations

from tabletop.engine.effects import effect, effect_list, run, trigger
from tabletop.engine.effects.context import EffectContext
from tabletop.engine.flow import Decision, Flow, decide, finish, push
from tabletop.engine.game import Game
from tabletop.engine.info import GameInfo
from tabletop.engine.moves import Move, card_ref, find_card, read_move, seat_label
from tabletop.engine.notation import Notation
from tabletop.engine.presentation import GameText
from tabletop.engine.rules import Rules
from tabletop.engine.schema import Field, Int
from tabletop.engine.state import State, ZoneSpec

TARGET = 10
PLAYED = "race.played"  # the context a card's effects are written in
FLOW = Flow("race")


# -- an effect: its fields, contexts, doc, example and behaviour in one place -------------
def _score(ctx: EffectContext, e: dict) -> None:
    points = ctx.add(("points", ctx.seat), e["points"])
    ctx.say(f"{seat_label(ctx.seat)} scores {e['points']} ({points} in all)")


trigger(PLAYED, "once, when the card is played")
effect("race_score", {"points": Field(Int(1, 3), required=True, doc="points scored")},
       (PLAYED,), "The player who played the card scores points.",
       "{effect: race_score, points: 2}", run=_score)


# -- the sequence of play: queued steps and one decision ----------------------------------
@FLOW.step("turn")
def turn(s: State, seat: int) -> None:
    if not s.zones["deck"]:  # the pile is out: the higher score wins (a tie is a draw)
        points = [s.count(("points", p)) for p in range(2)]
        finish(s, () if points[0] == points[1] else (points.index(max(points)),))
        return
    s.current, s.turn = seat, s.turn + 1
    push(s, ("draw", seat), ("play", seat), ("turn", 1 - seat))


@FLOW.step("draw")
def draw(s: State, seat: int) -> None:
    EffectContext(s, None, seat).draw(1)  # the shared draw: deck -> hand.<seat>, logged


@FLOW.step("play")
def play(s: State, seat: int) -> None:
    decide(s, "play", seat)


def _play_options(s: State, d: Decision) -> list[Move]:
    return [Move("play", d.seat, c, "table") for c in s.zones[f"hand.{d.seat}"]]


@FLOW.decision("play", _play_options)
def played(s: State, d: Decision, m: Move) -> None:
    s.move_card(m.card, f"hand.{m.seat}", "table")
    ctx = EffectContext(s, m.card, m.seat)
    for e in s.cards[m.card]["effects"]:
        run(ctx, e)
    if s.count(("points", m.seat)) >= TARGET:
        finish(s, (m.seat,))


# -- the rules core -------------------------------------------------------------------------
class RaceRules(Rules):
    info = GameInfo(id="race", title="Race to Ten", blurb="Draw one, play one, score.",
                    min_seats=2, max_seats=2, mode="competitive")
    zones = {
        "deck": ZoneSpec("Draw pile", "hidden", "pile", holds=("point",)),
        "hand": ZoneSpec("Hand", "owner", "hand", holds=("point",)),
        "table": ZoneSpec("Played cards", "public", "row"),
    }
    card_kinds = {"point": {"effects": Field(effect_list(PLAYED), required=True)}}
    flow = FLOW

    def new_state(self, catalog, options, seed) -> State:
        defs = sorted(catalog.cards.values(), key=lambda c: c.id)
        s = State(tuple(c for c in defs for _ in range(c["copies"])), 2, seed, options)
        s.zones = {"deck": list(range(len(s.cards))), "table": [], "hand.0": [], "hand.1": []}
        s.shuffle(s.zones["deck"])
        for seat in (0, 1):
            EffectContext(s, None, seat).draw(2)
        FLOW.start(s, ("turn", 0))
        return s

    def evaluate(self, s: State, seat: int) -> float:
        mine, theirs = s.count(("points", seat)), s.count(("points", 1 - seat))
        return 0.5 if mine == theirs else mine / (mine + theirs)


# -- words (the status line) and the notation (``P1 play "Two#2"``: saves, the log) ---------
class RaceText(GameText):
    def status(self, s: State, seat: int | None) -> str:
        return "" if s.over else f"{seat_label(s.actor)}: play a card"


class RaceNotation(Notation):
    def format_move(self, s: State, m: Move) -> str:
        return f"{seat_label(m.seat)} play {card_ref(s, m.card, [f'hand.{m.seat}'])}"

    def parse_move(self, s: State, text: str) -> Move:
        t = read_move(text, s.seats)
        t.need(1)
        return Move("play", t.seat, find_card(s, t.args[0], [f"hand.{t.seat}"]), "table")


# -- the registry record (a real game: GAME in tabletop/games/<game>/__init__.py) ----------
RULES = RaceRules()
GAME = Game(rules=RULES, text=RaceText(RULES), notation=RaceNotation(RULES))

#: the card file (a real game: cards/<game>/*.yaml)
CARDS = """
cards:
  - {id: one, kind: point, name: One, copies: 6, effects: [{effect: race_score, points: 1}]}
  - {id: two, kind: point, name: Two, copies: 6, effects: [{effect: race_score, points: 2}]}
  - {id: three, kind: point, name: Three, copies: 4, effects: [{effect: race_score, points: 3}]}
"""
