"""An id or a name a modder typed that is not found gets "did you mean 'x'?" when a
close one exists, and nothing when none is (card references of every game, ``remove:``,
scenario positions, move notation, the game of a scenario or a lesson)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_bad_card_files import load_mod

from tabletop.engine.lesson import check_files
from tabletop.engine.moves import NotationError
from tabletop.engine.nearest import did_you_mean, meant
from tabletop.engine.scenario import load_scenario, run_scenario_file
from tabletop.engine.session import Session
from tabletop.games import GAMES

SCENARIOS = Path(__file__).parent / "scenarios"


def test_the_closest_option_case_ignored_and_nothing_when_none_is_close():
    assert meant("tin sentinl", ["Tin Sentinel", "Copper Kestrel"]) == "Tin Sentinel"
    assert did_you_mean("heatwav", ["heatwave", "cold-snap"]) == " (did you mean 'heatwave'?)"
    assert did_you_mean("zzqx", ["heatwave", "cold-snap"]) == ""
    assert did_you_mean("x" * 500, ["x" * 499]) == ""  # (long texts are not compared)


@pytest.mark.parametrize(("typed", "hint"), [
    ("bone-deep-fatigu", " (did you mean 'bone-deep-fatigue'?)"), ("qqqq-zzzz", "")])
def test_brawl_opposes(tmp_path, typed, hint):
    _, errors = load_mod(tmp_path, (
        "game: brawl\ncards:\n  - id: heatwave\n    kind: condition\n    name: Heatwave\n"
        f"    opposes: {typed}\n    effects:\n      - {{effect: modify, value: damage, "
        "amount: 1, dealer: {attack: physical}}\n"))
    assert [e.split(": ", 1)[1] for e in errors] == [
        f"card 'heatwave' field 'opposes': no Condition with id '{typed}'{hint}"]


@pytest.mark.parametrize(("typed", "hint"), [
    ("saltbrite", " (did you mean 'saltbright'?)"), ("nobody-at-all", "")])
def test_overpower_special_character(tmp_path, typed, hint):
    _, errors = load_mod(tmp_path, (
        "game: overpower\ncards:\n  - id: salt-spray\n    kind: special\n"
        f"    name: Salt Spray\n    character: {typed}\n    play: defence\n"
        "    effects:\n      - {effect: prevent, what: attack, max_value: 5}\n"),
        game="overpower")
    assert f"card 'salt-spray' field 'character': no character has the persona " \
           f"'{typed}'{hint}" in [e.split(": ", 1)[1] for e in errors]


@pytest.mark.parametrize(("typed", "hint"), [
    ("adrenaline-surg", " (did you mean 'adrenaline-surge'?)"), ("qqqq-zzzz", "")])
def test_remove_of_an_unknown_card(tmp_path, typed, hint):
    _, errors = load_mod(tmp_path, f"game: brawl\nremove: [{typed}]\n")
    assert errors == [f"mod.yaml:2:10: field 'remove': cannot remove unknown card "
                      f"'{typed}'{hint}"]


def scenario(game: str, name: str, old: str, new: str) -> dict:
    text = (SCENARIOS / game / name).read_text("utf-8")
    assert old in text
    return load_scenario(text.replace(old, new, 1))


def set_up(data: dict) -> Session:
    game = GAMES[data["game"]]
    return Session(game, game.rules.load_catalog(mod_dirs=[]), game.rules.normalize_options(
        data.get("options") or {}), int(data.get("seed", 1)), position=data["position"])


@pytest.mark.parametrize(("game", "name", "old", "new", "said"), [
    ("power-play", "bonus-before-the-reveal-is-refused.yaml", "[Hoarfrost]", "[Hoarfrst]",
     "scenario: no (more) card named 'Hoarfrst' in the Power Play set (did you mean "
     "'Hoarfrost'?)"),
    ("hero-vs-nemesis", "bad-press-return.yaml", "Black Joker,", "Black Jokr,",
     "scenario: no (more) card named 'Black Jokr' in the Hero vs Nemesis set (did you "
     "mean 'Black Joker'?)"),
    ("solo-deckbuilder", "overflow-and-defense.yaml", "Masked Fence", "Maskd Fence",
     "scenario: no (more) card named 'Maskd Fence' in the Solo Deck-Builder set (did "
     "you mean 'Masked Fence'?)"),
    ("solo-deckbuilder", "overflow-and-defense.yaml", "[Masked Fence]", "[Zzzqqq]",
     "scenario: no (more) card named 'Zzzqqq' in the Solo Deck-Builder set"),
    ("brawl", "fast-beats-normal.yaml", "P1: [Copper Kestrel]", "P1: [Coper Kestrel]",
     "scenario: no (more) card named 'Coper Kestrel' in the Brawl set (did you mean "
     "'Copper Kestrel'?)"),
])
def test_a_misspelt_card_in_a_scenario_position(game, name, old, new, said):
    with pytest.raises(NotationError) as caught:
        set_up(scenario(game, name, old, new))
    assert str(caught.value) == said


def test_a_misspelt_card_in_a_move():
    session = set_up(scenario("brawl", "fast-beats-normal.yaml", "x", "x"))
    with pytest.raises(NotationError, match=r"^no card 'Coper Kestrel' in .* \(did you mean "
                                            r"'Copper Kestrel'\?\)$"):
        session.game.notation.parse_move(session.state, 'P1 attack "Coper Kestrel" > '
                                                        '"Tidewright"')


def test_the_game_of_a_scenario_and_of_a_lesson(tmp_path, capsys):
    path = tmp_path / "s.yaml"
    path.write_text("game: brawll\nmoves: []\n", "utf-8")
    assert run_scenario_file(str(path), GAMES) == 2
    assert "unknown game 'brawll' (did you mean 'brawl'?); known: " in capsys.readouterr().err
    lesson = tmp_path / "l.yaml"
    lesson.write_text("game: powr-play\ntitle: T\nsteps: [{text: t, move: P1 done}]\n"
                      "closing: c\n", "utf-8")
    assert check_files([str(lesson)], GAMES) == 1
    assert "unknown game 'powr-play' (did you mean 'power-play'?); known: " in \
        capsys.readouterr().out
