"""Refusals that name the rule that forbids the move, not another that happens to give
the same answer: a KO'd character's cards (kept in the hand until the battle ends, never
played), and conceding or passing in the middle of a Teamwork card's follow-ups (each is
a whole turn of its own)."""

from __future__ import annotations

from overpower_helpers import GAME, fight, legal_texts, play, refusal

KO_RULE = ("a KO'd character's cards may stay in your hand until the battle ends, but none "
           "of them can be played any more")
#: P1 without Keel Marrow: not named in the position, so KO'd (Defeated Characters Pile)
KEEL_KOD = {"front": ["Saltbright", "Gannet Vey"], "reserve": ["Almoner Quill"],
            "hand": ["Ballast", "Energy 4"]}


def test_a_kod_characters_special_names_the_ko_rule():
    t = fight(dict(KEEL_KOD), {"hand": ["Energy 2"]})
    assert "Keel Marrow" in [t.state.name(c) for c in t.state.zones["defeated.0"]]
    assert not any("Ballast" in x for x in legal_texts(t))
    # named as played by the KO'd character: read, then refused by the KO rule
    assert refusal(t, 'P1 special "Ballast" by "Keel Marrow"') == f"Keel Marrow is KO'd: {KO_RULE}."
    # dropped on a teammate: still the KO rule, not "a Special of another character"
    assert refusal(t, 'P1 special "Ballast" by "Saltbright"') == \
        f"Ballast is Keel Marrow's Special and Keel Marrow is KO'd: {KO_RULE}."


def test_a_kod_character_is_neither_attacked_nor_given_placed_cards():
    t = fight({"hand": ["Energy 4"]}, {"front": ["Flintmother", "Tallow Pike"],
                                       "reserve": ["Pumice Dell"]})
    assert refusal(t, 'P1 attack "Energy 4" as energy by "Saltbright" > "Cobble Jack"') == \
        "Cobble Jack is KO'd and out of play: it can no longer be attacked."
    t = fight({}, {}, phase="placing", P1={**KEEL_KOD, "hand": ["Strength 5"]})
    assert refusal(t, 'P1 place "Strength 5" > "Keel Marrow"') == \
        "Keel Marrow is KO'd: cards are Placed only on characters still in play."


def _follow_up_owed():
    t = fight({"hand": ["Pincer Move", "Strength 5", "Energy 4"]}, {"hand": ["Energy 2"]})
    return play(t, 'P1 teamwork "Pincer Move" by "Gannet Vey" > "Cobble Jack"', "P2 take")


def test_conceding_as_a_teamwork_follow_up_names_the_conceding_rule():
    t = _follow_up_owed()
    assert t.state.phase == "follow-up" and "P1 concede" not in legal_texts(t)
    assert refusal(t, "P1 concede") == (
        "Conceding is a whole turn of its own, never a follow-up to Pincer Move: you may "
        "concede on a later turn of yours, instead of playing a card.")
    assert refusal(t, "P1 pass") == ("Passing is a whole turn of its own, never a follow-up "
                                     "to Pincer Move: make its follow-up first.")
    play(t, 'P1 follow "Energy 4" as energy by "Saltbright" > "Flintmother"', "P2 take")
    assert "P1 finish" in legal_texts(t)  # nothing owed now; conceding is still refused
    assert refusal(t, "P1 concede").startswith("Conceding is a whole turn of its own")
    assert refusal(t, "P1 pass") == ("Passing is a whole turn of its own, never a follow-up "
                                     "to Pincer Move: make or end its follow-ups first.")
    play(t, "P1 finish", "P2 pass")
    assert "P1 concede" in legal_texts(t)  # a turn of P1's own: conceding is its move


def test_a_follow_up_with_nothing_to_follow_says_so():
    t = fight({"hand": ["Energy 4"]}, {})
    assert refusal(t, 'P1 follow "Energy 4" as energy by "Saltbright" > "Flintmother"') == (
        "There is no follow-up to make: follow-ups come right after the Teamwork card, Ally "
        "card or Special that allows them.")


def test_a_move_naming_a_kod_character_reads_back_the_same():
    """The notation finds KO'd characters after every character in play (the numbering of
    those in play is unchanged)."""
    t = fight(dict(KEEL_KOD), {})
    s = t.state
    move = GAME.notation.parse_move(s, 'P1 special "Ballast" by "Keel Marrow"')
    assert GAME.notation.format_move(s, move) == 'P1 special "Ballast" by "Keel Marrow"'


def test_a_kod_characters_special_dropped_at_the_table_names_the_ko_rule(app):
    from test_overpower_ui import P2_TEAM, table
    from ui_helpers import center_of, drag

    scene = table(app, {"phase": "fight", "first": "P1", "P1": dict(KEEL_KOD),
                        "P2": {**P2_TEAM, "hand": ["Energy 2"]}})
    before = scene.state
    drag(app, center_of(scene, "Ballast"), center_of(scene, "Flintmother"))
    assert scene.state is before
    assert scene.toast.active and scene.toast.message == \
        f"Ballast is Keel Marrow's Special and Keel Marrow is KO'd: {KO_RULE}."
