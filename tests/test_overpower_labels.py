"""The labels a player reads for OverPower's moves (buttons, menus, the hint box: all
``GameText.describe``) use card names, never the notation's copy numbers or quotes; two
copies that would read the same are told apart in words when it matters which one."""

from __future__ import annotations

from overpower_helpers import GAME, fight, play, sink, table

from tabletop.engine.moves import Move

TEXT = GAME.text
TWINS = sink(copies={"energy-4": 2, "energy-5": 2})


def labels(t) -> dict[str, str]:
    """Each legal move's notation and its label."""
    s = t.state
    return {GAME.notation.format_move(s, m): TEXT.describe(s, m) for m in t.legal_moves()}


def readable(label: str) -> bool:
    return "#" not in label and '"' not in label and not label.startswith(("P1 ", "P2 "))


def test_a_card_in_the_hand_and_its_copy_placed_are_told_apart():
    t = fight({"hand": ["Energy 4"], "placed": {"Saltbright": ["Energy 4"]}}, {},
              catalog=TWINS)
    found = labels(t)
    assert found['P1 attack "Energy 4" as energy by "Saltbright" > "Flintmother"'] == \
        "Energy 4 (from your hand) by Saltbright \u2192 Flintmother"
    assert found['P1 attack "Energy 4#2" as energy by "Saltbright" > "Flintmother"'] == \
        "Energy 4 (Placed) by Saltbright \u2192 Flintmother"
    assert all(readable(x) for x in found.values())


def test_a_hit_to_remove_says_whether_it_is_this_battles_or_the_records():
    side = {"front": ["Saltbright", "Keel Marrow", "Gannet Vey"], "reserve": ["Almoner Quill"],
            "hits": {"Saltbright": ["Energy 5"]}, "record": {"Saltbright": ["Energy 5"]}}
    t = fight({}, {}, catalog=TWINS, P1=side)
    s = t.state
    [now], [old] = s.zones["hits.0"], s.zones["record.0"]
    assert GAME.notation.format_move(s, Move("heal", 0, now, s.attached[now])) == \
        'P1 heal "Energy 5#2" > "Saltbright"'
    assert TEXT.describe(s, Move("heal", 0, now, s.attached[now])) == \
        "Remove Energy 5, this battle's hit on Saltbright"
    assert TEXT.describe(s, Move("heal", 0, old, s.attached[old])) == \
        "Remove Energy 5 from Saltbright's Permanent Record"


def test_placing_choosing_the_reserve_and_fetching_read_as_words():
    t = table({"phase": "setup", "first": "P1", "P1": {}, "P2": {}})
    assert labels(t)['P1 reserve "Saltbright"'] == "Put Saltbright in Reserve"
    t = table({"phase": "placing", "first": "P1",
               "P1": {"front": ["Saltbright", "Keel Marrow", "Gannet Vey"],
                      "reserve": ["Almoner Quill"], "hand": ["Energy 5", "Energy 5"]},
               "P2": {"front": ["Flintmother", "Cobble Jack", "Tallow Pike"],
                      "reserve": ["Pumice Dell"]}}, catalog=TWINS)
    found = labels(t)
    # two copies in the hand: the same label, as it does not matter which one is Placed
    assert found['P1 place "Energy 5" > "Saltbright"'] == \
        found['P1 place "Energy 5#2" > "Saltbright"'] == "Place Energy 5 on Saltbright"
    t = fight({"hand": ["Rummage"], "dead": ["Cheap Shot"]}, {})
    play(t, 'P1 special "Rummage" by "Saltbright"')
    assert labels(t)['P1 fetch "Cheap Shot"'] == "Take Cheap Shot"


def test_no_label_of_a_whole_game_shows_notation():
    from tabletop.engine.rng import Rng
    from tabletop.engine.session import Session

    session = Session(GAME, TWINS, {"team_p1": "tidewatch", "team_p2": "veilwright"}, 5)
    rng = Rng(5)
    kinds = set()
    while not session.state.over and len(session.moves) < 400:
        s = session.state
        for m in session.legal_moves():
            label = TEXT.describe(s, m)
            assert readable(label), (GAME.notation.format_move(s, m), label)
            kinds.add(m.kind)
        session.play(rng.choice([m for m in session.legal_moves() if m.kind != "concede"]))
    assert {"place", "attack", "defend", "venture"} <= kinds
