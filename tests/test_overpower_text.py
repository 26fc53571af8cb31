"""OverPower's words for the table: status lines, labels, gestures, what a drop means, the
figures shown beside the cards, and the notation of every move of a game."""

from __future__ import annotations

from overpower_helpers import CATALOG, GAME, fight, play

from tabletop.engine.moves import Move
from tabletop.engine.rng import Rng
from tabletop.engine.session import Session
from tabletop.ui.overpower.gestures import OverPowerGestures

TEXT = GAME.text
GESTURES = OverPowerGestures(GAME)


def test_status_and_the_action_in_progress():
    t = fight({"hand": ["Energy 4", "Storm Jar"]}, {"hand": ["Strength 8"]})
    assert TEXT.status(t.state, 0) == "P1: attack, play a Special, pass or concede"
    play(t, 'P1 attack "Energy 4" + "Storm Jar" as energy by "Saltbright" > "Flintmother"')
    s = t.state
    assert TEXT.status(s, 1) == ("P2: Saltbright attacks Flintmother (Energy 4 + Storm Jar 3 + "
                                 "Saltbright's ability 1 = 8): defend with 8 or more, or take "
                                 "the hit")
    assert TEXT.action(s) == ("Saltbright \u2192 Flintmother: Energy 4 + Storm Jar "
                              "(Energy 4 + Storm Jar 3 + Saltbright's ability 1 = 8)")
    assert TEXT.totals(s, 0) == "Venture Totals: you 0, opponent 0"
    assert TEXT.meter(s, s.zones["front.1"][0]) == "\u03a3 0/20 \u00b7 \u2014"


def test_gestures_labels_and_the_main_buttons():
    t = fight({"hand": ["Energy 4", "Storm Jar"]}, {})
    s = t.state
    moves = t.legal_moves()
    attack = next(m for m in moves if m.kind == "attack" and m.choice[1] >= 0)
    assert GESTURES.gesture(attack) == "drag"
    assert TEXT.describe(s, attack) == "Energy 4 + Storm Jar by Saltbright \u2192 Flintmother"
    passing = Move("pass", 0)
    assert GESTURES.gesture(passing) == "button" and TEXT.primary(passing)
    assert TEXT.describe(s, Move("concede", 0)) == "Concede"
    assert TEXT.side_option(Move("concede", 0))
    assert GESTURES.gesture(Move("keep", 0, 5)) == "menu"
    assert TEXT.describe(s, Move("venture", 0, None, 2, 1)) == \
        "Venture 2 from Reserve, 1 from Completed"


def test_a_drop_means_the_legal_moves_of_that_card_and_target():
    t = fight({"hand": ["Energy 4", "Storm Jar"]}, {})
    s = t.state
    energy = next(c for c in s.zones["hand.0"] if s.name(c) == "Energy 4")
    jar = next(c for c in s.zones["hand.0"] if s.name(c) == "Storm Jar")
    target = s.zones["front.1"][0]
    drops = GESTURES.drops(s, 0, energy, target)
    assert len(drops) == 2  # alone, or with Storm Jar: the table asks which
    assert GESTURES.drops(s, 0, jar, target) == [m for m in drops if m.choice[1] == jar]
    wrong = GESTURES.move_for_drop(s, 0, energy, s.zones["reserve.1"][0])
    assert TEXT.explain(s, wrong) == \
        "A Reserve character can be attacked only by cards that say so."


def test_every_move_of_a_game_has_notation_and_a_label():
    session = Session(GAME, CATALOG, {"team_p1": "veilwright", "team_p2": "scrapline"}, 4)
    rng = Rng(4)
    while not session.state.over and len(session.moves) < 300:
        s = session.state
        for m in session.legal_moves():
            assert GAME.notation.parse_move(s, GAME.notation.format_move(s, m)) == m
            assert TEXT.describe(s, m)
            assert GESTURES.gesture(m) in ("drag", "menu", "button")
        assert TEXT.status(s, s.actor)
        moves = [m for m in session.legal_moves() if m.kind != "concede"]
        session.play(rng.choice(moves))
    assert len(session.moves) > 50
