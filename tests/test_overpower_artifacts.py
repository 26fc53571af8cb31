"""OverPower Artifacts (tabletop/games/overpower/artifacts.py; docs/rulings.md, OverPower,
"Artifacts"): played (not Placed) by one Front Line character meeting the first condition
onto a different one meeting the second; its effect on the bearer for the rest of the game;
Placed it does nothing until played; the bearer's KO sends it to the Dead Pile; duplicates;
one test per Artifact card; random and computer playouts."""

from __future__ import annotations

import pytest
from overpower_helpers import CATALOG, GAME, RULES, names, play, refusal
from overpower_playout import play_out

from tabletop.engine.session import Session
from tabletop.games.overpower.decklaw import DeckList, check
from tabletop.games.overpower.hits import ko_at

ARTIFACTS = {"artifact-tidecaller-compass": 2, "artifact-grinding-wheel": 1,
             "artifact-ledger-of-debts": 1}
P1_LINE = {"front": ["Saltbright", "Keel Marrow", "Gannet Vey"], "reserve": ["Almoner Quill"]}
P2_LINE = {"front": ["The Gloaming Abbess", "Sorrowgale", "Embertongue"],
           "reserve": ["Mothwick"]}


def crafty() -> DeckList:
    deck = DeckList.from_data("The Tidewatch with Artifacts", CATALOG.cards["tidewatch"].data)
    deck.cards.update(ARTIFACTS)
    return deck


def crafty_table(p1: dict, p2: dict, first: str = "P1", phase: str = "fight") -> Session:
    position = {"phase": phase, "first": first, "decks": {"P1": crafty().to_data()},
                "P1": {**P1_LINE, **p1}, "P2": {**P2_LINE, **p2}}
    return Session(GAME, CATALOG, RULES.normalize_options({"team_p2": "veilwright"}), 1,
                   position=position)


def legal_texts(t: Session) -> list[str]:
    return [GAME.notation.format_move(t.state, m) for m in t.legal_moves()]


def test_the_deck_is_legal():
    assert [p for p in check(CATALOG, crafty()) if not p.warning] == []


def test_an_artifact_is_played_by_one_front_line_character_onto_another():
    t = crafty_table({"hand": ["Tidecaller Compass"]}, {})
    texts = [x for x in legal_texts(t) if "Compass" in x]
    assert sorted(texts) == ['P1 artifact "Tidecaller Compass" by "Saltbright" > "Gannet Vey"',
                             'P1 artifact "Tidecaller Compass" by "Saltbright" > "Keel Marrow"']
    assert refusal(t, 'P1 artifact "Tidecaller Compass" by "Keel Marrow" > "Gannet Vey"') == \
        "Keel Marrow must be rated Energy 6 or more to play it."
    assert refusal(t, 'P1 artifact "Tidecaller Compass" by "Saltbright" > "Saltbright"') == \
        "Tidecaller Compass needs two different Front Line characters."
    assert refusal(t, 'P1 artifact "Tidecaller Compass" by "Saltbright" > "Almoner Quill"') \
        == "An Artifact is played by one Front Line character onto another."
    play(t, 'P1 artifact "Tidecaller Compass" by "Saltbright" > "Keel Marrow"')
    s = t.state
    assert names(t, "borne.0") == ["Tidecaller Compass"]
    assert s.name(s.attached[s.zones["borne.0"][0]]) == "Keel Marrow"
    assert s.actor == 1  # it was the turn's action


def test_the_bearer_is_changed_for_the_rest_of_the_game():
    t = crafty_table({"hand": ["Tidecaller Compass", "Strength 4"]}, {"hand": ["Energy 5"]})
    play(t, 'P1 artifact "Tidecaller Compass" by "Saltbright" > "Keel Marrow"',
         'P2 attack "Energy 5" as energy by "Sorrowgale" > "Keel Marrow"')
    assert 'P1 defend "Strength 4" by "Keel Marrow"' in legal_texts(t)  # 4 + 1 = 5


def test_a_placed_artifact_does_nothing_until_it_is_played():
    t = crafty_table({"placed": {"Saltbright": ["Tidecaller Compass"]},
                      "hand": ["Strength 4"]}, {"hand": ["Energy 5"]}, first="P2")
    play(t, 'P2 attack "Energy 5" as energy by "Sorrowgale" > "Keel Marrow"')
    assert 'P1 defend "Strength 4" by "Keel Marrow"' not in legal_texts(t)
    assert refusal(t, 'P1 defend "Strength 4" by "Keel Marrow"') == (
        "Strength 4 is too low to block an attack of 5 (equal or higher blocks; any type "
        "blocks any type).")
    play(t, "P1 take")
    play(t, 'P1 artifact "Tidecaller Compass" by "Saltbright" > "Keel Marrow"')
    assert names(t, "placed.0") == [] and names(t, "borne.0") == ["Tidecaller Compass"]


def test_a_placed_artifact_is_played_only_by_its_character():
    t = crafty_table({"placed": {"Saltbright": ["The Ledger of Debts"]}}, {})
    texts = [x for x in legal_texts(t) if "Ledger" in x]
    assert texts and all('by "Saltbright"' in x for x in texts)
    assert refusal(t, 'P1 artifact "The Ledger of Debts" by "Gannet Vey" > "Keel Marrow"') == \
        ("The Ledger of Debts is Placed on Saltbright: a Placed card can only be played by "
         "its character.")


def test_the_ledger_raises_the_bearers_ko_threshold():
    t = crafty_table({"hand": ["The Ledger of Debts"]}, {})
    s = t.state
    gannet = next(c for c in s.zones["front.0"] if s.name(c) == "Gannet Vey")
    assert ko_at(s, gannet) == 20
    play(t, 'P1 artifact "The Ledger of Debts" by "Saltbright" > "Gannet Vey"')
    assert ko_at(t.state, gannet) == 23


def test_the_bearers_ko_sends_the_artifact_to_the_dead_pile():
    t = crafty_table({"hand": ["The Grinding Wheel"],
                      "record": {"Saltbright": ["Energy 8", "Energy 7"]}},
                     {"hand": ["Energy 6"]})
    play(t, 'P1 artifact "The Grinding Wheel" by "Keel Marrow" > "Saltbright"',
         'P2 attack "Energy 6" as energy by "Sorrowgale" > "Saltbright"', "P1 take")
    assert "Saltbright" in names(t, "defeated.0")
    assert names(t, "borne.0") == [] and "The Grinding Wheel" in names(t, "dead.0")


def test_two_of_the_same_artifact_are_duplicates():
    t = crafty_table({"hand": ["Tidecaller Compass", "Tidecaller Compass", "Energy 3"]}, {},
                     phase="discard")
    while t.state.pending is not None and t.state.pending.kind == "keep":
        play(t, f"P{t.state.actor + 1} keep")
    assert names(t, "hand.0").count("Tidecaller Compass") == 1


ARTIFACT_CARDS = CATALOG.of_kind("artifact")


@pytest.mark.parametrize("card", ARTIFACT_CARDS, ids=[c.id for c in ARTIFACT_CARDS])
def test_each_artifact_is_played_onto_an_eligible_teammate(card):
    t = crafty_table({"hand": [card.name]}, {})
    moves = [x for x in legal_texts(t) if x.startswith(f'P1 artifact "{card.name}"')]
    assert moves
    play(t, moves[0])
    assert names(t, "borne.0") == [card.name]


def test_random_and_computer_playouts_with_artifacts_end_and_keep_every_card():
    deck = crafty().to_data()
    played = 0
    for seed in range(16):
        s = GAME.positions.build(CATALOG, RULES.normalize_options({}), seed,
                                 {"phase": "setup", "decks": {"P1": deck, "P2": deck}})
        s, moves = play_out(s, seed)
        played += sum(m.kind == "artifact" for m in moves)
    assert played > 3


def test_the_artifact_rulings_name_tests_that_exist():
    import re
    from pathlib import Path

    rulings = (Path(__file__).parent.parent / "docs" / "rulings.md").read_text("utf-8")
    section = rulings.split("### Artifacts (issue 14)")[1].split("\n##")[0]
    cited = set(re.findall(r"`(test_\w+)`", section))
    assert cited and cited <= set(globals()), cited - set(globals())
