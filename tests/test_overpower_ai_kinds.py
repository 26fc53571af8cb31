"""The OverPower computer player plays every card kind of issue 14 (issue 14: "the computer
opponent plays every card kind"): counted over computer-vs-computer games with the
ready-made Location decks and with random legal decks, and in positions where one play
is plainly right (a Battlesite knocked out, attacked once the battle is won, defended)."""

from __future__ import annotations

import random
from collections import Counter

from overpower_helpers import CATALOG, GAME, RULES, play
from test_overpower_locations import SITE, site_table
from test_overpower_random_decks import random_deck

from tabletop.engine.rng import Rng
from tabletop.games.overpower.ai import OverPowerAI
from tabletop.games.overpower.decklaw import check, errors
from tabletop.games.overpower.decks import deck_list


def _decks(game: int, r: random.Random) -> tuple[dict, dict]:
    if game % 2 == 0:
        a = deck_list(CATALOG, "tidewatch-gull-point").to_data()
        b = deck_list(CATALOG, "quarryfolk-breakwater").to_data()
        return (a, b) if game % 4 == 0 else (b, a)
    out = []
    while len(out) < 2:
        deck = random_deck(r)
        if not errors(check(CATALOG, deck)):
            out.append(deck.to_data())
    return out[0], out[1]


def _what(s, m) -> list[str]:
    """What a move plays, in words: its verb with the kind of its lead card, and what
    it is aimed at when that is a Location."""
    out = []
    if m.card is not None and m.card >= 0:
        out.append(f"{m.kind} {s.info[m.card].kind}")
    if isinstance(m.target, int) and m.target >= 0 and s.info[m.target].kind == "location":
        where = "battlesite" if m.target in s.zones["site.0"] + s.zones["site.1"] else "base"
        out.append(f"{m.kind} at {where}")
    if m.kind in ("attack", "defend") and isinstance(m.choice, tuple):
        partner = m.choice[1] if m.kind == "attack" else m.choice[0]
        if partner >= 0:
            out.append(f"{m.kind} with {s.info[partner].kind}")
    return out


def test_the_computer_plays_every_card_kind():
    r, seen, events = random.Random(7), Counter(), 0
    for game in range(40):
        a, b = _decks(game, r)
        s = GAME.positions.build(CATALOG, RULES.normalize_options({}), game,
                                 {"phase": "setup", "decks": {"P1": a, "P2": b}})
        ai, rng = OverPowerAI(), Rng(game)
        while not s.over:
            m = ai.choose(RULES, RULES.view(s, s.actor), s.actor, rng)
            seen.update(_what(s, m))
            before = len(s.zones["events.0"]) + len(s.zones["events.1"])
            s = RULES.play(s, m)
            events += max(0, len(s.zones["events.0"]) + len(s.zones["events.1"]) - before)
    wanted = ["attack power", "attack with basic-universe", "attack with training",
              "teamwork teamwork", "ally ally", "doubleshot doubleshot", "special special",
              "special aspect", "defend aspect", "activate activator", "defend activator",
              "artifact artifact", "attack at battlesite", "defend doubleshot",
              "place artifact", "defend at base"]
    assert all(seen[w] for w in wanted), {w: seen[w] for w in wanted}
    assert events > 20


def test_the_computer_knocks_out_a_battlesite_it_can():
    t = site_table({"record": {SITE: ["Energy 8", "Energy 8", "Intellect 6", "Fighting 3"]}},
                   {"hand": ["Energy 5", "Energy 6"]}, first="P2")
    m = OverPowerAI().choose(RULES, RULES.view(t.state, 1), 1, Rng(1))
    assert GAME.notation.format_move(t.state, m).endswith(f'> "{SITE}"')


def test_the_computer_attacks_a_battlesite_once_the_battle_is_won():
    # 17 ahead, and no new type to score on any character
    far_ahead = {"Flintmother": ["Energy 8"], "Cobble Jack": ["Energy 7"],
                 "Tallow Pike": ["Energy 2"]}
    t = site_table({"hits": far_ahead}, {"hand": ["Energy 5"]}, first="P2")
    m = OverPowerAI().choose(RULES, RULES.view(t.state, 1), 1, Rng(1))
    assert GAME.notation.format_move(t.state, m).endswith(f'> "{SITE}"')
    # level: it hits a character (the Venture Total) instead
    t = site_table({}, {"hand": ["Energy 5"]}, first="P2")
    m = OverPowerAI().choose(RULES, RULES.view(t.state, 1), 1, Rng(1))
    assert not GAME.notation.format_move(t.state, m).endswith(f'> "{SITE}"')


def test_the_computer_defends_its_battlesite():
    t = site_table({"hand": ["Energy 6"], "record": {SITE: ["Energy 8", "Energy 8",
                                                           "Intellect 6"]}},
                   {"hand": ["Energy 5"]}, first="P2")
    play(t, f'P2 attack "Energy 5" as energy by "Sorrowgale" > "{SITE}"')
    m = OverPowerAI().choose(RULES, RULES.view(t.state, 0), 0, Rng(1))
    assert GAME.notation.format_move(t.state, m) == f'P1 defend "Energy 6" by "{SITE}"'
