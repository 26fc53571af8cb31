"""What the hint box, the buttons and the menus say of a move (``GameText.describe``), in
Brawl, Power Play, Hero vs Nemesis and the Solo Deck-Builder: card names in plain words,
never the notation saves use (``P1 play "Jab#3"``); two copies of a card told apart in
words where it matters which is meant, and named alike where it does not."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from table_helpers import brawl_table

from tabletop.engine.moves import Move
from tabletop.engine.session import Session
from tabletop.games import GAMES
from tabletop.ui.table.hint import Hint

GAMES_WITH_WORDS = ("brawl", "power-play", "hero-vs-nemesis", "solo-deckbuilder")
#: the marks of the notation: a seat leading the line, quoted names, copy numbers, ">"
NOTATION = re.compile(r'^P\d+ |"|#\d|\s>\s')
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _options(game_id: str, variant: int) -> dict:
    rules = GAMES[game_id].rules
    if game_id == "brawl":
        return rules.normalize_options({"more_actions": True, "three_way": variant == 2})
    return rules.default_options()


@pytest.mark.parametrize("game_id", GAMES_WITH_WORDS)
def test_every_move_of_random_games_is_said_in_words(game_id):
    """Every legal move of a few random games (every kind of move each game has): its
    label is words, not notation."""
    game = GAMES[game_id]
    catalog = game.rules.load_catalog(mod_dirs=[])
    kinds, bad = set(), []
    for seed in range(3):
        s = game.rules.new_state(catalog, _options(game_id, seed), seed)
        rng = random.Random(seed)
        for _ in range(400):
            if s.over:
                break
            legal = game.rules.legal_moves(s)
            for m in legal:
                label = game.text.describe(s, m)
                kinds.add(m.kind)
                if not label or NOTATION.search(label):
                    bad.append(f"{m.kind}: {label!r}")
            game.rules.apply(s, rng.choice(legal))
    assert kinds and not bad, bad[:10]


# -- Brawl ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def twin_cards(tmp_path_factory):
    """The small Brawl set of the rule tests with two copies of Thug."""
    folder = tmp_path_factory.mktemp("twins")
    cards = (FIXTURES / "brawl" / "cards.yaml").read_text(encoding="utf-8")
    twinned = cards.replace("{id: thug, kind: character, name: Thug,",
                            "{id: thug, kind: character, name: Thug, copies: 2,")
    assert twinned != cards
    (folder / "cards.yaml").write_text(twinned, encoding="utf-8")
    catalog = GAMES["brawl"].rules.load_catalog([folder], [])
    assert not catalog.errors, catalog.errors
    return catalog


def _labels(session: Session, kind: str) -> list[str]:
    s = session.state
    return [session.game.text.describe(s, m) for m in session.game.rules.legal_moves(s)
            if m.kind == kind]


def _brawl(catalog, position: dict) -> Session:
    game = GAMES["brawl"]
    return Session(game, catalog, game.rules.normalize_options({"more_actions": True}), 1,
                   position=position)


def test_brawl_two_opposing_thugs_are_told_apart_by_their_health(twin_cards):
    t = _brawl(twin_cards, {"turn": "P1", "hands": {"P1": ["Recall", "Recall"]},
                            "play": {"P1": ["Brute"], "P2": ["Thug", {"card": "Thug",
                                                                        "health": 3}]}})
    assert sorted(_labels(t, "attack")) == ["Attack Thug (3 health) with Brute",
                                            "Attack Thug (8 health) with Brute"]
    # two copies of Recall in hand: either is the same to play, and named alike
    recalls = _labels(t, "interrupt")
    assert recalls.count("Play Recall on your Brute") == 0  # a lone Brute needs no "your"
    assert sorted(set(recalls)) == ["Play Recall on Brute", "Play Recall on Thug (3 health)",
                                    "Play Recall on Thug (8 health)"]
    assert len(recalls) == 6


def test_brawl_a_thug_on_each_side_is_yours_or_the_opposing_one(twin_cards):
    t = _brawl(twin_cards, {"turn": "P1", "play": {"P1": ["Thug", "Brute"],
                                                   "P2": ["Thug", "Guardian"]}})
    assert "Attack the opposing Thug with your Thug" in _labels(t, "attack")
    assert "Attack Guardian with your Thug" in _labels(t, "attack")
    t.play_text('P1 attack "Brute" > "Thug#2"')  # P2's Thug, in the notation
    # P2 answers: its own Thug is in a match-up, P1's is the one to counter-attack
    assert t.state.actor == 1
    assert "Counter-attack the opposing Thug with Guardian" in _labels(t, "attack")


def test_brawl_actions_in_words():
    catalog = GAMES["brawl"].rules.load_catalog(mod_dirs=[])
    t = _brawl(catalog, {"turn": "P1", "play": {
        "P1": ["Nurse Reverie", {"card": "Copper Kestrel", "health": 0}, "Iron Mawgrave",
               "Gravel Tyrant"],
        "P2": ["Granite Warden", "Scrapjaw Mott", "Hookline Harrow"]}})
    assert "Render aid to Copper Kestrel with Nurse Reverie" in _labels(t, "aid")
    t.play_text('P1 attack "Iron Mawgrave" > "Granite Warden"')
    assert _labels(t, "thwart") == [
        "Thwart the match-up of Iron Mawgrave and Granite Warden with Scrapjaw Mott"]
    assert _labels(t, "gang") == [
        "Gang up on Iron Mawgrave with Hookline Harrow, joining Granite Warden"]


# -- Power Play -----------------------------------------------------------------------------
def test_power_play_two_copies_in_a_hand_are_named_alike(app):
    game = GAMES["power-play"]
    t = Session(game, app.catalog("power-play"), game.rules.default_options(), 1,
                position={"hands": {"P1": ["Flame 3", "Flame 3", "Frost 2"]}})
    assert t.state.actor == 0
    labels = _labels(t, "play")
    assert labels == ["Play Flame 3", "Play Flame 3", "Play Frost 2"]


# -- Hero vs Nemesis ------------------------------------------------------------------------
def test_hvn_two_internal_conflicts_are_told_apart_by_their_jokers(hvn_cards):
    game = GAMES["hero-vs-nemesis"]
    t = Session(game, hvn_cards, game.rules.default_options(), 1,
                position={"turn": "P1", "hands": {"P1": ["7 of Clubs"], "P2": ["2 of Spades"]},
                          "conflicts": ["Red Joker", "Black Joker", "5 of Clubs"]})
    assert t.state.phase == "counter"  # (the nemesis holds only its last card)
    assert sorted(_labels(t, "counter")) == [
        "Counter the Internal conflict (Black Joker) with the 7 of Clubs",
        "Counter the Internal conflict (Red Joker) with the 7 of Clubs",
        "Counter the Kidnapping with the 7 of Clubs"]


def test_hvn_a_support_pile_card_is_said_to_come_from_there(hvn_cards):
    game = GAMES["hero-vs-nemesis"]
    t = Session(game, hvn_cards, game.rules.default_options(), 1,
                position={"turn": "P1", "hands": {"P1": ["7 of Clubs"],
                                                  "P2": ["2 of Spades", "9 of Hearts"]},
                          "support": ["Queen of Hearts"], "conflicts": ["5 of Clubs"]})
    assert t.state.phase == "meddle"
    labels = _labels(t, "hinder")
    assert "Hinder the Kidnapping with the 9 of Hearts: raise it to 14" in labels
    assert "Hinder the Kidnapping with the Queen of Hearts from your support pile: raise " \
           "it to 6" in labels


# -- the Solo Deck-Builder ------------------------------------------------------------------
SOLO = {"hand": ["Jab", "Jab", "Cold Feet"], "power": 9,
        "row": ["Weighted Baton", "Field Kit", "Weighted Baton"],
        "battleground": ["Gutter Thug", "Smash Sibling", "Gutter Thug"]}


def _solo(app) -> Session:
    game = GAMES["solo-deckbuilder"]
    return Session(game, app.catalog("solo-deckbuilder"), game.rules.default_options(), 1,
                   position=SOLO)


def test_solo_copies_in_the_row_and_the_battleground_are_told_apart_by_place(app):
    t = _solo(app)
    assert _labels(t, "play") == ["Play Jab", "Play Jab"]  # the same to play
    assert _labels(t, "buy") == ["Buy Weighted Baton (the leftmost) for 2 Power",
                                 "Buy Field Kit for 2 Power",
                                 "Buy Weighted Baton (the rightmost) for 2 Power",
                                 "Buy Haymaker for 3 Power"]
    defeats = _labels(t, "defeat")
    assert "Defeat Gutter Thug (the leftmost) for 1 Power" in defeats
    assert "Defeat Gutter Thug (the rightmost) for 1 Power" in defeats
    assert "Defeat Smash Sibling for 2 Power" in defeats


def test_the_hint_box_names_cards_in_words(app):
    """The table's Hint lines for a move and its runner-up (copies of Jab: the third and
    the fourth of the hand in the notation)."""
    from tabletop.ui.kits import table_for

    game = GAMES["solo-deckbuilder"]
    session = Session(game, app.catalog("solo-deckbuilder"), game.rules.default_options(), 1,
                      position={**SOLO, "hand": ["Jab", "Jab", "Jab", "Jab"]})
    scene = table_for(session, autosave=None, hide_hands=False)
    app.replace(scene)
    app.step(0.016)
    jabs = [m for m in scene.legal if m.kind == "play"]
    buy = next(m for m in scene.legal if m.kind == "buy")
    assert game.notation.format_move(scene.state, jabs[2]) == 'P1 play "Jab#3"'  # the save's
    scene.hint = Hint(session.changes, jabs[2], 0.6, buy, 0.4, 40, 0.2, 3.5)
    assert scene.hint_lines() == ["Hint: Play Jab", "Estimated outcome: 60%"
                                  if game.info.mode == "coop" else
                                  "Estimated chance to win: 60%",
                                  "Next best: Buy Weighted Baton (the leftmost) for 2 Power. "
                                  "Clearly worse: over the same 40 sampled deals it scored "
                                  "20 points lower on average."]


def test_the_brawl_hint_box_names_cards_in_words(app):
    scene = brawl_table(app, autosave=False)
    attack = next(m for m in scene.legal if m.kind == "attack")
    scene.hint = Hint(scene.session.changes, attack, 0.7, Move("pass", 0), 0.5, 12, 0.01,
                      0.4)
    assert scene.hint_lines() == ["Hint: Attack Iron Mawgrave with Copper Kestrel",
                                  "Estimated chance to win: 70%",
                                  "Next best: No attack. About as good: over the 12 sampled "
                                  "deals both were tried in, neither did clearly better."]


def test_the_hint_says_how_sure_it_is_that_the_runner_up_is_worse():
    """Two standard errors or more: clearly worse; one or more: probably; less, or a
    margin that rounds to no point, or fewer than two deals: about as good."""
    from tabletop.ui.table.hint import runner_up_sentence

    def said(worlds, margin, sure):
        return runner_up_sentence(Hint(0, Move("pass", 0), 0.6, Move("pass", 1), 0.5,
                                       worlds, margin, sure))

    assert said(30, 0.124, 2.5) == "Clearly worse: over the same 30 sampled deals it " \
                                   "scored 12 points lower on average."
    assert said(30, 0.01, 1.2) == "Probably worse: over the same 30 sampled deals it " \
                                  "scored 1 point lower on average."
    assert said(30, 0.2, 0.9).startswith("About as good: over the 30 sampled deals")
    assert said(30, 0.004, 5.0).startswith("About as good")  # (no point in it)
    assert said(1, 0.5, 0.0) == "About as good: over the 1 sampled deal both were tried " \
                                "in, neither did clearly better."


def test_a_hint_for_the_only_move_says_so_instead_of_a_chance(app):
    """A forced move is answered without a search: no chance is made up for it."""
    scene = brawl_table(app, autosave=False)
    move = scene.legal[0]
    scene.hint = Hint(scene.session.changes, move, None, None, 0.0)
    lines = scene.hint_lines()
    assert lines[1] == "It is the only move you can make."
    assert not any("%" in line for line in lines)
