"""One test per card of the real OverPower set (cards/overpower): through the engine, each
card does what its data says. The tables use a catalog whose decks hold every character
and one copy of every drawable card, so a test can put any card anywhere."""

from __future__ import annotations

import pytest
from overpower_helpers import (
    CATALOG,
    GAME,
    RULES,
    legal_texts,
    names,
    play,
    refusal,
    sink,
    table,
)

from tabletop.engine.session import Session
from tabletop.games.overpower.common import LETTERS, TYPES

ALL = [c.id for c in CATALOG.of_kind("character")]
SINK = sink(ALL, ALL)
FOES = ["Commodore Brinewright", "Hollow Fen", "Sorrowgale", "Tally Crane", "Coilwhip Dacey"]
MATES = ["Gannet Vey", "Keel Marrow", "Rivet Baroness", "Almoner Quill", "Cobble Jack",
         "Gutterhound"]
TARGET = "Commodore Brinewright"


def by_kind(kind: str) -> list:
    return CATALOG.of_kind(kind)


def named(card_def) -> str:
    return card_def.name


BY_NAME = {c.name: c for c in CATALOG.cards.values()}


def persona_of(name: str) -> str:
    card = BY_NAME[name]
    return card.data.get("persona") or card.id


def duel(user: str, hand: list[str], p2: dict | None = None, turn: str = "P1",
         options=None, mates=MATES, **p1) -> Session:
    """P1 with ``user`` on the Front Line (and two teammates), P2 with three foes."""
    mates = [m for m in mates if persona_of(m) != persona_of(user)][:2]
    foes = [f for f in FOES if persona_of(f) != persona_of(user)]
    side1 = {"front": [user, *mates], "reserve": [], "hand": hand, **p1}
    side2 = {"front": foes[:3], "reserve": [foes[3]], **(p2 or {})}
    return table({"phase": "fight", "first": "P1", "turn": turn, "P1": side1, "P2": side2},
                 options, catalog=SINK)


def user_for(t: int, value: int, at_least: bool = True) -> str | None:
    """A character rated at least (or at most) ``value`` in type ``t``."""
    for c in CATALOG.of_kind("character"):
        r = c.data["grid"].get(TYPES[t]) or 0
        if (r >= value if at_least else 0 < r <= value) and c.name not in FOES:
            return c.name
    return None


def hit_and_total(t: Session):
    """P1's hits this battle and their printed total (abilities that change Venture
    Totals left out)."""
    from tabletop.games.overpower.hits import hit_total

    return names(t, "hits.1"), hit_total(t.state, 0)


# -- characters ------------------------------------------------------------------------------------
CHARACTERS = by_kind("character")


@pytest.mark.parametrize("char", CHARACTERS, ids=[c.id for c in CHARACTERS])
def test_each_character_uses_power_cards_up_to_its_ratings(char):
    t = duel(char.name, [])
    s = t.state
    me = next(c for c in s.zones["front.0"] if s.name(c) == char.name)
    from tabletop.games.overpower.grid import fits

    for i, kind in enumerate(TYPES):
        rating = char.data["grid"].get(kind) or 0
        for value in range(1, 9):
            power = next(c for c in range(len(s.cards)) if s.info[c].kind == "power"
                         and s.info[c].types == (i,) and s.info[c].value == value)
            assert fits(s, me, s.info[power]) == (value <= rating), (kind, value)
    profile = s.info[me].profile
    abilities = [e for a in char.data.get("abilities") or () for e in a["effects"]]
    assert ABILITY_CHECKS[abilities[0]["effect"] if abilities else None](char, profile,
                                                                       abilities)


ABILITY_CHECKS = {
    None: lambda c, p, a: p.ko_at == 20 and not p.attack and not p.guard,
    "attack_bonus": lambda c, p, a: p.attack[0][0] == a[0]["amount"],
    "ko_threshold": lambda c, p, a: p.ko_at == a[0]["value"],
    "defend_teammates": lambda c, p, a: p.guard == a[0]["uses_per_battle"],
    "hand_size": lambda c, p, a: p.hand == ((a[0]["amount"], a[0]["while"]),),
    "spectrum_ignores": lambda c, p, a: {LETTERS[t] for t in p.ignores} ==
    {t[0].upper() for t in a[0]["types"]},
    "universe_bonus": lambda c, p, a: p.universe == ((a[0]["amount"], a[0]["kinds"]),),
    "defence_bonus": lambda c, p, a: p.defence[0][0] == a[0]["amount"],
    "venture_modifier": lambda c, p, a: p.venture == ((a[0]["amount"], "own", a[0]["while"]),),
    "play_from_reserve": lambda c, p, a: p.from_reserve == a[0]["kinds"],
}


def test_abilities_at_work():
    # Sea-Glass Focus: Saltbright's Energy attacks count 1 more, the hit keeps its value
    t = duel("Saltbright", ["Energy 5"])
    play(t, f'P1 attack "Energy 5" as energy by "Saltbright" > "{TARGET}"')
    assert t.state.attack.value == 6
    # Soft Stone: Pumice Dell's Defensive Actions count 1 more
    t = duel("Saltbright", ["Energy 5"], {"front": ["Pumice Dell", "Hollow Fen", "Sorrowgale"],
                                         "hand": ["Fighting 5"]})
    play(t, 'P1 attack "Energy 5" as energy by "Saltbright" > "Pumice Dell"')  # 6
    assert 'P2 defend "Fighting 5" by "Pumice Dell"' in legal_texts(t)  # 5 + 1
    # Dusk Tithe: the Abbess on the Front Line adds 1 to her side's Venture Total
    t = duel("The Gloaming Abbess", [])
    assert GAME.positions.to_json(t.state)["P1"]["venture_total"] == 1


# -- Power cards -----------------------------------------------------------------------------------
POWERS = by_kind("power")


@pytest.mark.parametrize("card", POWERS, ids=[c.id for c in POWERS])
def test_each_power_card_attacks_and_hits_at_its_printed_value(card):
    types = card.data["type"]
    value = card.data["value"]
    users = [user_for(TYPES.index(k), value) for k in (types if types else TYPES)]
    users = [u for u in users if u]
    if not users:  # Fighting 8: no character is rated that high
        assert value == 8 and types == ("fighting",)
        t = duel("Gannet Vey", [card.name])
        assert not any(card.name in x for x in legal_texts(t))
        assert refusal(t, f'P1 attack "{card.name}" as fighting by "Gannet Vey" > '
                          f'"{TARGET}"') == (
            f"Gannet Vey cannot use {card.name}: Gannet Vey's Fighting rating is 7 (a card's "
            "value must not exceed the rating).")
        return
    t = duel(users[0], [card.name])
    move = next(x for x in legal_texts(t) if f'"{card.name}"' in x and TARGET in x)
    play(t, move, "P2 take")
    hits, total = hit_and_total(t)
    assert hits == [card.name] and total == value


# -- Universe cards --------------------------------------------------------------------------------
BASICS = by_kind("basic-universe")


@pytest.mark.parametrize("card", BASICS, ids=[c.id for c in BASICS])
def test_each_basic_universe_card_adds_its_bonus(card):
    need = card.data["requires"]
    t_ix = TYPES.index(need["type"])
    user = user_for(t_ix, need["value"])
    power = f"{need['type'].capitalize()} 1"
    t = duel(user, [power, card.name])
    play(t, f'P1 attack "{power}" + "{card.name}" as {need["type"]} by "{user}" > "{TARGET}"')
    attack = t.state.attack
    extra = 1 if user in ("Embertongue",) else 0
    assert attack.value >= 1 + card.data["bonus"] + extra
    play(t, "P2 take")
    assert hit_and_total(t) == ([power], 1) and names(t, "dead.0") == [card.name]
    low = user_for(t_ix, need["value"] - 1, at_least=False)
    t = duel(low, [power, card.name])
    assert not any(card.name in x and f'by "{low}"' in x for x in legal_texts(t))
    rated = BY_NAME[low].data["grid"][need["type"]]
    kind = need["type"].capitalize()
    assert refusal(t, f'P1 attack "{power}" + "{card.name}" as {need["type"]} by "{low}" > '
                      f'"{TARGET}"') == \
        f"{card.name} needs {kind} {need['value']}: {low}'s {kind} rating is {rated}."


TRAININGS = by_kind("training")


@pytest.mark.parametrize("card", TRAININGS, ids=[c.id for c in TRAININGS])
def test_each_training_card_helps_a_weak_type(card):
    kind = card.data["types"][0]
    user = user_for(TYPES.index(kind), card.data["max_rating"], at_least=False)
    power = f"{kind.capitalize()} 1"
    t = duel(user, [power, card.name])
    play(t, f'P1 attack "{power}" + "{card.name}" as {kind} by "{user}" > "{TARGET}"')
    assert t.state.attack.value >= 1 + card.data["bonus"]
    play(t, "P2 take")
    assert hit_and_total(t) == ([power], 1)


TEAMWORKS = by_kind("teamwork")


@pytest.mark.parametrize("card", TEAMWORKS, ids=[c.id for c in TEAMWORKS])
def test_each_teamwork_card_attacks_and_lets_teammates_follow_up(card):
    need = card.data["requires"]
    user = user_for(TYPES.index(need["type"]), need["value"])
    follow = [f["type"] for f in card.data["follow_ups"]]
    hand = [card.name] + [f"{k.capitalize()} {n + 1}" for n, k in enumerate(follow)]
    t = duel(user, hand)
    play(t, f'P1 teamwork "{card.name}" by "{user}" > "{TARGET}"', "P2 take")
    moves = [m for m in legal_texts(t) if m.startswith("P1 follow") and TARGET in m]
    assert moves and all(f'by "{user}"' not in m for m in moves)
    play(t, moves[0], "P2 take")
    assert names(t, "hits.1")[0] == card.name
    assert hit_and_total(t)[1] == card.data["acts_as"]["value"] + \
        int(moves[0].split('" ')[0].split()[-1])


ALLIES = by_kind("ally")


@pytest.mark.parametrize("card", ALLIES, ids=[c.id for c in ALLIES])
def test_each_ally_card_attacks_then_a_teammate_plays_a_special(card):
    need = card.data["requires"]
    user = user_for(TYPES.index(need["type"]), need["value"])
    t = duel(user, [card.name, "Cheap Shot"])
    play(t, f'P1 ally "{card.name}" by "{user}" > "{TARGET}"', "P2 take")
    assert t.state.pending.kind == "chain"
    assert all(m.startswith('P1 special "Cheap Shot"') and f'by "{user}"' not in m
               for m in legal_texts(t))
    assert names(t, "hits.1") == [card.name]


DOUBLESHOTS = by_kind("doubleshot")


@pytest.mark.parametrize("card", DOUBLESHOTS, ids=[c.id for c in DOUBLESHOTS])
def test_each_doubleshot_joins_a_teammates_power_card(card):
    need, mate = card.data["requires"], card.data["teammate"]
    user = user_for(TYPES.index(need["type"]), need["value"])
    power = f"{mate['type'].capitalize()} 2"
    helper = next(c.name for c in CATALOG.of_kind("character")
                  if (c.data["grid"].get(mate["type"]) or 0) >= mate["value"]
                  and c.name != user and c.name not in FOES)
    t = duel(user, [card.name, power], mates=[helper, *(m for m in MATES if m != helper)])
    moves = [m for m in legal_texts(t) if m.startswith("P1 doubleshot") and TARGET in m]
    assert moves
    play(t, moves[0], "P2 take")
    assert hit_and_total(t) == ([card.name, power], card.data["acts_as"]["value"] + 2)


# -- Specials --------------------------------------------------------------------------------------
SPECIALS = by_kind("special")


def special_user(card) -> str:
    who = card.data["character"]
    if who in ("any", "any-hero"):
        return "Saltbright"
    return next(c.name for c in CATALOG.of_kind("character")
                if (c.data.get("persona") or c.id) == who)


def _attack_with(t: Session, card, user: str) -> None:
    moves = [m for m in legal_texts(t) if m.startswith(f'P1 special "{card.name}"')
             and f'> "{TARGET}"' in m]
    assert moves, legal_texts(t)
    play(t, moves[0], "P2 take")


SETUPS = {  # effect -> (P1 extras, P2 extras) that give it something to act on
    "team_discards": ({}, {"hand": ["Energy 1", "Fighting 2", "Strength 3"]}),
    "discard_placed": ({}, {"placed": {TARGET: ["Energy 2", "Intellect 1"]}}),
    "take_from_pile": ({"pack": ["Energy 3"], "dead": [
        "Cheap Shot", "Arc Capacitor", "Shoulder Launch"]}, {}),
    "remove_hits": ({"record": {"Keel Marrow": ["Fighting 2"], "Gannet Vey": ["Fighting 2"],
                                "Saltbright": ["Fighting 2"]}}, {}),
    "recover_mission": ({"defeated": 1}, {}),
}


def _effects(card) -> list[str]:
    return [e["effect"] for e in card.data.get("effects") or ()]


def _p1_extras(card, user: str) -> dict:
    extras: dict = {}
    for name in _effects(card):
        more = SETUPS.get(name, ({}, {}))[0]
        if name == "remove_hits":
            more = {"record": {user: ["Fighting 2"]}}
        extras.update(more)
    return extras


def _p2_extras(card) -> dict:
    extras: dict = {}
    for name in _effects(card):
        extras.update(SETUPS.get(name, ({}, {}))[1])
    return extras


def _power_for(card, user: str) -> list[str]:
    if card.data.get("effects") and any(e["effect"] == "combine_with_power"
                                        for e in card.data["effects"]):
        kind = next(e["type"] for e in card.data["effects"] if e["effect"] ==
                    "combine_with_power")
        return [f"{kind.capitalize()} 1"]
    return ["Energy 1", "Fighting 2"]  # for extra attacks and follow-ups


@pytest.mark.parametrize("card", SPECIALS, ids=[c.id for c in SPECIALS])
def test_each_special(card):
    user = special_user(card)
    hand = [card.name] + _power_for(card, user)
    play_kind = card.data["play"]
    p1 = _p1_extras(card, user)
    if play_kind == "defence":
        _defend_with(card, user, p1)
        return
    t = duel(user, hand, _p2_extras(card), **p1)
    if play_kind == "effect":
        before = _snapshot(t)
        play(t, f'P1 special "{card.name}" by "{user}"')
        assert t.state.pending.kind != "turn" or names(t, "dead.0")[-1] == card.name
        for name in _effects(card):
            assert AFTER[name](t, card, before), name
        return
    before = _snapshot(t)
    _attack_with(t, card, user)
    value = (card.data.get("attack") or {}).get("value")
    if value is not None:
        assert card.name in names(t, "hits.1")
    for name in _effects(card):
        assert AFTER[name](t, card, before), name


def _snapshot(t: Session) -> dict:
    s = t.state
    return {"hand1": len(s.zones["hand.1"]), "hand0": len(s.zones["hand.0"]),
            "placed1": len(s.zones["placed.1"]), "failed": len(s.zones["failed.0"])}


def _decided(t: Session, kind: str) -> bool:
    return t.state.pending is not None and t.state.pending.kind == kind


AFTER = {
    "extra_attacks": lambda t, c, b: _decided(t, "chain"),
    "combine_with_power": lambda t, c, b: names(t, "hits.1")[-1].endswith(" 1"),
    "battle_bonus": lambda t, c, b: bool(t.state.bonuses),
    "grid_change": lambda t, c, b: _decided(t, "name_type"),
    "team_discards": lambda t, c, b: len(t.state.zones["hand.1"]) < b["hand1"],
    "discard_placed": lambda t, c, b: len(t.state.zones["placed.1"]) < b["placed1"] or
    _decided(t, "strip"),
    "to_reserve": lambda t, c, b: TARGET in names(t, "reserve.1"),
    "draw": lambda t, c, b: "P1 draws" in t.log_text(),
    "take_from_pile": lambda t, c, b: _decided(t, "fetch"),
    "remove_hits": lambda t, c, b: _decided(t, "heal"),
    "venture_modifier": lambda t, c, b: any(t.state.venture_mod),
    "grant_follow_up": lambda t, c, b: bool(t.state.grants),
    "shut_down": lambda t, c, b: bool(t.state.shut) or _decided(t, "name_type"),
    "recover_mission": lambda t, c, b: len(t.state.zones["failed.0"]) < b["failed"],
}


def _defend_with(card, user: str, p1: dict) -> None:
    """P2 attacks the Special's holder (or, for a card that protects the team, a
    teammate) with something the card stops; P1 plays it."""
    e = card.data["effects"][0]
    protects_team = e.get("protects") == "team"
    victim = "Gannet Vey" if protects_team and user != "Gannet Vey" else user
    if e["effect"] == "negate":
        attack, verb = "Cheap Shot", "special"
    else:
        kind = (e.get("types") or ["energy", "fighting", "strength"])[0]
        limit = e.get("max_value") or 9
        attack, verb = f"{kind.capitalize()} {min(limit, 5) - 2}", "attack"
    hand = [card.name] + _power_for(card, user)
    t = duel(user, hand, {"hand": [attack]}, turn="P2", **p1)
    if victim not in names(t, "front.0"):
        victim = names(t, "front.0")[1]
    moves = [m for m in legal_texts(t) if m.startswith(f'P2 {verb} "{attack}"')
             and f'> "{victim}"' in m]
    assert moves, legal_texts(t)
    play(t, moves[0])
    defend = [m for m in legal_texts(t) if m.startswith(f'P1 defend "{card.name}"')]
    assert defend, legal_texts(t)
    play(t, defend[0])
    assert not names(t, "hits.0") and card.name in names(t, "dead.0")


# -- missions and decks ----------------------------------------------------------------------------
MISSIONS = by_kind("mission")


@pytest.mark.parametrize("card", MISSIONS, ids=[c.id for c in MISSIONS])
def test_each_mission_card_starts_in_its_decks_reserve_missions(card):
    deck = next(d for d in by_kind("deck") if d.data["missions"] == card.data["set"])
    s = RULES.new_state(CATALOG, {"team_p1": deck.id}, 1)
    assert card.name in [s.name(c) for c in s.zones["missions.0"]]
    assert 1 <= card.data["piece"] <= 7


DECKS = by_kind("deck")


@pytest.mark.parametrize("deck", DECKS, ids=[d.id for d in DECKS])
def test_each_ready_made_deck_is_legal_and_plays(deck):
    from tabletop.engine.players import RandomPlayer, playout
    from tabletop.engine.rng import Rng
    from tabletop.games.overpower.decks import check_deck

    assert check_deck(CATALOG, deck) == []
    assert sum(deck.data["cards"].values()) == 60
    s = RULES.new_state(CATALOG, {"team_p1": deck.id, "team_p2": deck.id}, 3)
    places = bool(deck.data.get("home_base")) + bool(deck.data.get("battlesite")) + \
        len(deck.data.get("under_battlesite") or ())  # Locations (issue 14)
    assert len(s.cards) == 2 * (71 + places)
    end = playout(RULES, s, {0: RandomPlayer(), 1: RandomPlayer()}, Rng(3))
    assert end.over


def test_every_kind_and_every_effect_has_its_test():
    kinds = {c.kind for c in CATALOG.cards.values()}
    assert kinds == {"character", "power", "basic-universe", "training", "teamwork", "ally",
                     "doubleshot", "special", "mission", "deck",
                     "location", "activator",  # tests: test_overpower_locations.py
                     "aspect",                 # test_overpower_homebase.py
                     "event",                  # test_overpower_events.py
                     "artifact"}               # test_overpower_artifacts.py
    used = {e["effect"] for c in SPECIALS if c.data["play"] != "defence"
            for e in c.data.get("effects") or ()}
    assert used <= set(AFTER)


def test_the_ready_made_teams_keep_to_the_sum_deck_rule():
    caps = {12: 58, 13: 62, 14: 67, 15: 72, 16: 76}
    for deck in DECKS:
        chars = [CATALOG.cards[c] for c in deck.data["characters"]]
        ranks = sum(len(c.data["grid"]) - (c.data["grid"].get("intellect") is None)
                    for c in chars)
        points = sum(v for c in chars for v in c.data["grid"].values() if v)
        assert points <= caps[ranks], deck.id
