"""Shared helpers for the Power Play tests: card sets, tallies from real cards, a driver."""

from __future__ import annotations

from functools import cache

from tabletop.engine.cards import Catalog
from tabletop.engine.loader import CardLoader
from tabletop.engine.moves import Move
from tabletop.games import get_game
from tabletop.games.power_play.cards import compile_card
from tabletop.games.power_play.effects import tally_effect
from tabletop.games.power_play.tally import Power, hero_tally, villain_tally

GAME = get_game("power-play")


@cache
def real_cards() -> Catalog:
    catalog = GAME.rules.load_catalog(mod_dirs=[])
    assert not catalog.errors, catalog.errors
    return catalog


def powers(*specs: str) -> list[Power]:
    """``powers("Gale 3", "Frost 3")`` -> tally powers."""
    out = []
    for spec in specs:
        kind, value = spec.split()
        out.append(Power(kind.lower(), int(value)))
    return out


def effect(kind: str, scope: str, source: str, value_from: int | None = None,
           value_to: int | None = None, **fields) -> dict:
    """``effect("immune", "heroes", "Iron Will", type="mind")``: an effect as the tally
    reads it, written on a card named ``source``."""
    data = {"effect": kind, "scope": scope, **fields}
    if value_from is not None:
        data.update({"from": value_from, "to": value_to})
    return tally_effect(data, source)


def effects_of(*card_ids: str) -> list:
    catalog = real_cards()
    out = []
    for cid in card_ids:
        out.extend(compile_card(catalog[cid]).effects)
    return out


def tallies(heroes, threat, villain: str, attribute: str, location: str | None = None):
    """Both tallies with real villain, attribute and location cards."""
    catalog = real_cards()
    ids = [villain, attribute] + ([location] if location else [])
    effects = effects_of(*ids)
    base = catalog[villain].data["base"]
    power = catalog[attribute].data["power"]
    return (hero_tally(heroes, threat, effects),
            villain_tally(threat, power, base, heroes, effects))


def fixture_text(villain_add: int = -10, villains: int = 16, attributes: int = 16,
                 locations: int = 4, copies: int = 4) -> str:
    """A plain card set: villains with base 1-4 that add ``villain_add`` to their total
    (and, when it is negative, whose powers count 0), attributes of power 0 without
    effects, plain locations (the first with a score bonus of 7), powers red/blue 1-5."""
    lines = ["cards:"]
    effects = [f"{{effect: modify, value: total, amount: {villain_add}, scope: villain}}"]
    if villain_add < 0:  # a weak villain: its powers count 0, so it never wins
        effects += [f"{{effect: modify, value: power, by: set, from: {v}, to: 0, scope: villain}}"
                    for v in range(1, 6)]
    for i in range(1, villains + 1):
        lines.append(f"  - {{id: villain-{i:02d}, kind: villain, name: Villain {i:02d}, "
                     f"base: {(i - 1) % 4 + 1}, effects: [{', '.join(effects)}]}}")
    for i in range(1, attributes + 1):
        lines.append(f"  - {{id: attribute-{i:02d}, kind: attribute, name: Attribute {i:02d},"
                     " power: 0, effects: []}")
    for i in range(1, locations + 1):
        bonus = ", score_bonus: 7" if i == 1 else ""
        lines.append(f"  - {{id: place-{i}, kind: location, name: Place {i}{bonus}}}")
    for kind in ("red", "blue"):
        for v in range(1, 6):
            lines.append(f"  - {{id: {kind}-{v}, kind: power, name: {kind.title()} {v}, "
                         f"type: {kind}, value: {v}, copies: {copies}}}")
    return "\n".join(lines) + "\n"


@cache
def fixture_cards(villain_add: int = -10, **kw) -> Catalog:
    """A fixture set; with ``villain_add`` -10 the heroes win every turn, with +10 the
    villain wins every turn the heroes play one power."""
    catalog = Catalog("power-play")
    CardLoader("power-play", GAME.rules.card_kinds).load_text(
        fixture_text(villain_add, **kw), "fixture.yaml", catalog)
    catalog.errors.extend(GAME.rules.check_catalog(catalog))
    assert not catalog.errors, catalog.errors
    return catalog


def names(state, zone: str) -> list[str]:
    return [state.name(c) for c in state.zones[zone]]


def card(state, name: str, zone: str) -> int:
    for c in state.zones[zone]:
        if state.name(c) == name:
            return c
    raise KeyError(f"{name} not in {zone}: {names(state, zone)}")


def play(state, text: str):
    """Play a move written in notation (validated like any move)."""
    return GAME.play(state, GAME.notation.parse_move(state, text))


def scripted(state, defend: int = 4, support: bool = False, bonus: bool = False) -> Move:
    """A simple fixed policy: the active hero plays ``defend`` powers (as many as held),
    the others add one power if ``support``, Bonus powers are spent if ``bonus``."""
    legal = GAME.rules.legal_moves(state)
    seat = state.actor
    plays = [m for m in legal if m.kind == "play"]
    if state.phase == "defend":
        if plays and state.played < defend:
            return plays[0]
        return Move("done", seat)
    if state.phase == "support":
        return plays[0] if support and plays else Move("pass", seat)
    if state.phase == "bonus":
        spends = [m for m in legal if m.kind == "bonus"]
        return spends[0] if bonus and spends else Move("pass", seat)
    return legal[0]
