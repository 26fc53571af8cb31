"""The standard deck as a shared card set, Hero vs Nemesis's role mapping, mods of
either, card-file errors, saves and the sample save."""

from __future__ import annotations

from tabletop import CARDS_DIR, SAMPLE_SAVES_DIR
from tabletop.engine.info import SeatConfig
from tabletop.engine.players import computer_move
from tabletop.engine.rng import Rng
from tabletop.engine.saves import read_save, session_from_dict, write_save
from tabletop.engine.session import Session
from tabletop.engine.standard_deck import SUIT_COLOUR, playing_card
from tabletop.games import GAMES
from tabletop.games.hero_vs_nemesis.ai import HvNPlayer


def test_the_deck_is_52_cards_and_two_jokers_with_their_meanings(hvn, hvn_cards):
    s = hvn.rules.new_state(hvn_cards, {}, 1)
    assert len(s.cards) == 54
    jokers = [i for i in s.info if i.joker]
    assert sorted(j.colour for j in jokers) == ["black", "red"]
    assert all(j.needs == 2 and j.scheme == 1 and j.value == 15 for j in jokers)
    ranks = {(i.rank, i.suit) for i in s.info if not i.joker}
    assert len(ranks) == 52
    by_name = {i.name: i for i in s.info}
    kidnap = by_name["5 of Clubs"]
    assert kidnap.label == "Kidnapping \u2014 Criminal" and kidnap.value == 5
    assert kidnap.power == "Super Strength" and kidnap.resource == "Weapons and tools"
    assert by_name["Queen of Hearts"].field == "Personal"  # the lost fourth field
    assert [by_name[f"{r} of Spades"].value for r in ("Jack", "Queen", "King", "Ace")] == \
        [11, 12, 13, 14]
    assert [by_name[f"{r} of Spades"].harm for r in ("10", "Jack", "Ace")] == \
        [False, True, True]
    assert by_name["2 of Spades"].conflict == "Robbery"
    assert by_name["Ace of Diamonds"].conflict == "Super-powered villain"
    for i in s.info:
        if not i.joker:
            assert i.colour == SUIT_COLOUR[i.suit]
    # the card faces carry the meaning too
    assert s.cards[s.info.index(kidnap)].data["conflict"] == "Kidnapping"


def test_the_standard_deck_is_a_shared_set_any_game_can_read(hvn):
    assert hvn.rules.card_sets == ("standard-deck",)
    files = sorted(p.name for p in (CARDS_DIR / "standard-deck").glob("*.yaml"))
    assert files == ["clubs.yaml", "diamonds.yaml", "hearts.yaml", "jokers.yaml",
                     "spades.yaml"]
    catalog = hvn.rules.load_catalog(mod_dirs=[])
    deck = [c for c in catalog.cards.values() if c.kind == "playing-card"]
    assert len(deck) == 54
    assert playing_card(catalog.cards["queen-of-hearts"]).short == "Q\u2665"


def test_mods_add_to_the_shared_deck_or_remap_the_game(hvn, tmp_path, monkeypatch):
    mods = tmp_path / "home" / "mods"
    mods.mkdir(parents=True)
    (mods / "deck.yaml").write_text(
        "game: standard-deck\ncards:\n"
        "  - {id: blue-joker, kind: playing-card, name: Blue Joker, joker: true, "
        "colour: black}\n", encoding="utf-8")
    (mods / "roles.yaml").write_text(
        "game: hero-vs-nemesis\ncards:\n"
        "  - {id: suit-clubs, kind: suit-role, name: Clubs, suit: clubs, power: Iron Grip, "
        "resource: Crowbars, field: Street crime}\n", encoding="utf-8")
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    catalog = hvn.rules.load_catalog()
    assert not catalog.errors
    s = hvn.rules.new_state(catalog, {}, 1)
    assert len(s.cards) == 55
    by_name = {i.name: i for i in s.info}
    assert by_name["Blue Joker"].needs == 2
    assert by_name["5 of Clubs"].label == "Kidnapping \u2014 Street crime"
    assert catalog.overridden == ["suit-clubs"]


def test_bad_playing_cards_are_reported_and_skipped(hvn, tmp_path):
    folder = tmp_path / "cards"
    folder.mkdir()
    body = ("game: standard-deck\ncards:\n"
            "  - {id: odd-joker, kind: playing-card, name: Odd Joker, joker: true, suit: clubs}\n"
            "  - {id: pink-ace, kind: playing-card, name: Pink Ace, rank: A, suit: hearts, "
            "colour: black}\n"
            "  - {id: no-suit, kind: playing-card, name: No Suit, rank: '7'}\n"
            "  - {id: bad-rank, kind: playing-card, name: Bad Rank, rank: '11', suit: clubs}\n")
    (folder / "odd.yaml").write_text(body, encoding="utf-8")
    catalog = hvn.rules.load_catalog([folder], [])
    errors = [str(e).split("odd.yaml:")[1] for e in catalog.errors if "odd.yaml" in str(e)]
    assert any("card 'odd-joker' field 'suit': a joker has no rank and no suit" in e
               for e in errors)
    assert any("'pink-ace' field 'colour': hearts are red, not black" in e for e in errors)
    assert any("'no-suit' field 'suit': a playing card needs a rank and a suit" in e
               for e in errors)
    assert any("'bad-rank' field 'rank': expected one of 2, 3" in e for e in errors)
    for bad in ("odd-joker", "pink-ace", "no-suit", "bad-rank"):
        assert bad not in catalog.cards


def test_a_deck_without_what_the_set_up_needs_is_reported(hvn, tmp_path, monkeypatch):
    mods = tmp_path / "home" / "mods"
    mods.mkdir(parents=True)
    (mods / "less.yaml").write_text("game: standard-deck\nremove: [ace-of-hearts]\n",
                                    encoding="utf-8")
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    catalog = hvn.rules.load_catalog()
    assert any("missing: A of hearts" in str(e) for e in catalog.errors)


def test_a_save_round_trip_replays_the_same_game(hvn, hvn_cards, tmp_path):
    session = Session(hvn, hvn_cards, {}, 11, [SeatConfig("Ana"), SeatConfig("Bo", "computer")])
    rng = Rng(11)
    player = HvNPlayer()
    for n in range(45):
        if session.state.over:
            break
        session.play(computer_move(hvn.rules, session.state, session.state.actor, player, rng),
                     note="Into the night." if n == 0 else None)
    path = tmp_path / "game.json"
    write_save(path, session)
    loaded, warnings = session_from_dict(read_save(path, GAMES), hvn, hvn_cards)
    assert not warnings
    assert loaded.state.zones == session.state.zones and loaded.state.rng == session.state.rng
    assert hvn.positions.to_json(loaded.state) == hvn.positions.to_json(session.state)
    assert loaded.log_text(0) == session.log_text(0)
    assert hvn.text.story(loaded) == hvn.text.story(session)
    assert "Into the night." in hvn.text.story(loaded)


def test_the_sample_save_loads(hvn, hvn_cards):
    data = read_save(SAMPLE_SAVES_DIR / "hero-vs-nemesis-sample.json", GAMES)
    loaded, warnings = session_from_dict(data, hvn, hvn_cards)
    assert not warnings, "regenerate with python -m tabletop.tools.make_sample_saves"
    assert len(loaded.moves) == len(data["moves"]) and not loaded.state.over
    assert loaded.state.actor == 0


def test_the_in_app_rules_help_is_found_for_a_dashed_game_id():
    from tabletop.games.help import rules_help

    text = rules_help("hero-vs-nemesis")
    assert text.startswith("# The story") and "Help or hinder" in text
