"""One test per card of the real Brawl set (cards/brawl): each card's data does, through
the engine, what the card says. Expected numbers are worked out here from the card's own
fields with a small independent matcher, against neutral 20-health test dummies."""

from __future__ import annotations

import pytest
from conftest import FIXTURES

from tabletop.engine.session import Session
from tabletop.games import get_game

GAME = get_game("brawl")
CATALOG = GAME.rules.load_catalog(mod_dirs=[FIXTURES / "dummies"])
CHARACTERS = [c for c in CATALOG.of_kind("character") if not c.id.startswith("dummy-")]
CONDITIONS = CATALOG.of_kind("condition")
INTERRUPTIONS = CATALOG.of_kind("interruption")


def dummy(side: str, attack: str) -> str:
    return f"Dummy {side.title()} {attack.title()}"


def table(position, options=None) -> Session:
    opts = GAME.rules.normalize_options(options or {})
    state = GAME.positions.build(CATALOG, opts, 1, position)
    return Session(GAME, CATALOG, opts, 1, initial=state)


def sel_ok(sel: dict, who: dict) -> bool:
    """Independent selector check for the keys the real set uses on fighters."""
    for key, value in (sel or {}).items():
        if value is None:
            continue
        if key == "side" and who["side"] not in value:
            return False
        if key == "attack" and who["attack"] not in value:
            return False
        if key == "team" and value != "any" and who["team"] != value:
            return False
        if key == "self" and who["self"] != value:
            return False
    return True


def finish_declarations(t: Session, wanted: dict[str, str]) -> None:
    """Declare ``wanted`` (character name -> power name); pass on every other step-7 call."""
    s = t.state
    while s.phase in ("outside", "declare", "pre"):
        if s.phase == "declare":
            name = s.name(s.pending.data[0][0])
            power = wanted.get(name, "Stand")
            first = s.pending.data[0][0]
            moves = [m for m in t.legal_moves() if m.kind == "declare" and m.card == first
                     and s.info[m.card].powers[m.choice].name == power]
            t.play(moves[0])
        elif s.phase == "outside":
            names = [s.name(c) for c in s.zones[f"play.{s.actor}"]]
            mine = [n for n in names if n in wanted]
            moves = [m for m in t.legal_moves() if m.kind == "declare"
                     and s.name(m.card) in mine
                     and s.info[m.card].powers[m.choice].name == wanted[s.name(m.card)]]
            t.play(moves[0] if moves else next(m for m in t.legal_moves() if m.kind == "pass"))
        else:
            t.play_text(f"P{s.actor + 1} pass")
        s = t.state


def expected_damage(card, power: dict, base: int, dealer: dict, receiver: dict) -> int:
    """Base damage plus the card's ability and declared-power modifiers that apply."""
    total = base
    mods = [e for a in card.data.get("abilities") or () for e in a["effects"]]
    mods += list(power.get("effects") or ())
    for e in mods:
        if sel_ok(e.get("dealer"), dealer) and sel_ok(e.get("receiver"), receiver):
            total += e["amount"]
    return max(0, total)


@pytest.mark.parametrize("card", CHARACTERS, ids=[c.id for c in CHARACTERS])
def test_character(card):
    """Every power, declared in a match-up while a dummy teammate fights beside it."""
    d = card.data
    mate = dummy("hero", "fate") if d["side"] != "hero" else dummy("gray", "fate")
    foe1, foe2 = dummy("gray", "physical"), dummy("villain", "mental")
    for power in d["powers"]:
        t = table({"turn": "P1", "play": {"P1": [card.name, mate], "P2": [foe1, foe2]}})
        t.play_text(f'P1 attack "{card.name}" > "{foe1}"')
        t.play_text(f'P2 attack "{foe2}" > "{mate}"')
        s = t.state
        heal_on = None
        if power.get("heal") is not None:
            heal_on = card.name if power["heal_target"] in ("self", "team") else mate
            c = next(x for x in s.zones["play.0"] if s.name(x) == heal_on)
            s.hp[c] = 1  # somebody to heal
            idx = [p["name"] for p in d["powers"]].index(power["name"])
            while t.state.actor != 0:
                t.play_text(f"P{t.state.actor + 1} pass")
            t.play(next(m for m in t.legal_moves() if m.kind == "declare" and m.choice == idx
                        and m.target == c))
        finish_declarations(t, {card.name: power["name"], mate: "Hit"})
        t.play_text("P1 resolve")
        s = t.state
        hp = {s.name(c): h for c, h in s.hp.items()}
        me = {"side": d["side"], "attack": d["attack"], "team": "own", "self": True}
        buddy = {"side": mate.split()[1].lower(), "attack": "fate", "team": "own",
                 "self": False}
        r1 = {"side": "gray", "attack": "physical", "team": "opposing", "self": False}
        r2 = {"side": "villain", "attack": "mental", "team": "opposing", "self": False}
        if power.get("damage") is not None:
            dealt = expected_damage(card, power, power["damage"], me, r1)
            assert hp[foe1] == 20 - dealt, power["name"]
            step = {"fast": "D", "ranged": "D", "normal": "E", "slow": "F"}[power["speed"]]
            if dealt:
                assert f"{step}: {card.name} deals {dealt} to {foe1}" in t.log_text()
        else:
            assert hp[foe1] == 20, power["name"]  # heals and boosts deal no damage
        # the teammate's Hit (2) shows every team-wide modifier of abilities and this power
        assert hp[foe2] == 20 - expected_damage(card, power, 2, buddy, r2), power["name"]
        if heal_on is not None:
            top = d["health"] if heal_on == card.name else 20
            assert hp[heal_on] == min(1 + power["heal"], top)


@pytest.mark.parametrize("card", CONDITIONS, ids=[c.id for c in CONDITIONS])
def test_condition(card):
    d = card.data
    others = [c.name for c in CONDITIONS if c.id != card.id and c.data.get("duration") !=
              "instant" and c.id != d.get("opposes")][:1]
    t = table({"turn": "P1", "conditions": others, "hands": {"P1": [card.name]},
               "play": {"P1": [dummy("hero", "fate")], "P2": [dummy("villain", "physical")]}})
    if d.get("duration") == "instant":
        s = t.state
        target = s.zones["conditions"][0]
        kinds = {e["effect"] for e in d["effects"]}
        if "discard_condition" in kinds:
            t.play_text(f'P1 condition "{card.name}" > "{s.name(target)}"')
            assert t.state.zones["conditions"] == []
        else:
            c = t.state.zones["play.0"][0]
            t.state.hp[c] = 0
            t.state.turned.add(c)
            t.play_text(f'P1 condition "{card.name}"')
            heal = next(e["amount"] for e in d["effects"] if e["effect"] == "heal")
            if sel_ok(d.get("target"), {"side": "hero", "attack": "fate"}):
                assert t.state.hp[c] == heal and c not in t.state.turned
        assert card.name in [t.state.name(x) for x in t.state.zones["discard"]]
        return
    t.play_text(f'P1 condition "{card.name}"')
    assert card.name in [t.state.name(x) for x in t.state.zones["conditions"]]
    mod = d["effects"][0]
    # two fighters the Condition touches: find a dealer/receiver pair it matches
    for side in ("hero", "gray", "villain"):
        for attack in ("physical", "energy", "mental", "fate"):
            for rside in ("villain", "gray", "hero"):
                for rattack in ("fate", "mental", "energy", "physical"):
                    if side == rside and attack == rattack:
                        continue
                    if sel_ok(mod.get("dealer"), {"side": side, "attack": attack}) and \
                            sel_ok(mod.get("receiver"), {"side": rside, "attack": rattack}):
                        a, b = dummy(side, attack), dummy(rside, rattack)
                        t2 = table({"turn": "P1", "conditions": [card.name],
                                    "play": {"P1": [a], "P2": [b]}})
                        t2.play_text(f'P1 attack "{a}" > "{b}"')
                        finish_declarations(t2, {a: "Hit", b: "Stand"})
                        t2.play_text("P1 resolve")
                        hp = {t2.state.name(c): h for c, h in t2.state.hp.items()}
                        assert hp[b] == 20 - max(0, 2 + mod["amount"])
                        assert f"C: {'+' if mod['amount'] > 0 else chr(0x2212)}" \
                               f"{abs(mod['amount'])} from {card.name}" in t2.log_text()
                        return
    raise AssertionError("no pair of fighters matches this Condition")


def fitting(sel: dict) -> tuple[str, str]:
    for side in ("hero", "gray", "villain"):
        for attack in ("fate", "energy", "mental", "physical"):
            if sel_ok({k: v for k, v in (sel or {}).items() if k in ("side", "attack")},
                      {"side": side, "attack": attack}):
                return side, attack
    raise AssertionError(sel)


@pytest.mark.parametrize("card", INTERRUPTIONS, ids=[c.id for c in INTERRUPTIONS])
def test_interruption(card):
    d = card.data
    kinds = [e["effect"] for e in d["effects"]]
    target_sel = d.get("target") or {}
    opposing = target_sel.get("team") == "opposing"
    # the player of the card is P1, except for cards aimed at the other team's declared
    # power, which P2 plays while P1's character has declared
    player = 1 if "cancel_power" in kinds else 0
    side, attack = fitting(target_sel)
    hit = dummy(side, attack)
    other = dummy("villain", "physical") if hit != dummy("villain", "physical") else \
        dummy("villain", "energy")
    if opposing == (player == 0):
        p1, p2 = [dummy("gray", "mental")], [hit, other]
    else:
        p1, p2 = [hit, dummy("gray", "mental")], [other]
    hands = {"P1": [], "P2": ["Fever Dream", "Lucky Star"]}
    hands[f"P{player + 1}"] = hands[f"P{player + 1}"] + [card.name]
    t = table({"turn": "P1", "conditions": ["Solar Storm"], "hands": hands,
               "play": {"P1": p1, "P2": p2}})
    t.play_text(f'P1 attack "{p1[0]}" > "{p2[0]}"')
    while t.state.actor != player or t.state.phase == "outside":
        t.play(next(m for m in t.legal_moves() if m.kind in ("declare", "pass")))
    if "revive" in kinds:
        s = t.state
        for c in s.zones[f"play.{player}"]:
            s.hp[c] = 0
            s.turned.add(c)
    elif any(k == "heal" for k in kinds):
        for c in t.state.hp:
            t.state.hp[c] = 5
    legal = [m for m in t.legal_moves() if m.kind == "interrupt"]
    assert legal, f"{card.name} is playable in its test position"
    move = legal[0]
    before = t.state
    t.play(move)
    s = t.state
    for e in d["effects"]:
        EFFECT_CHECKS[e["effect"]](e, before, s, move.target, player, target_sel)
    assert card.name in [s.name(x) for x in s.zones["discard"]]


def _heal_check(e, before, s, target, player, target_sel):
    if e.get("all"):
        assert all(s.hp[c] == 5 + e["amount"] for c in s.hp
                   if s.owner(c) == player and
                   sel_ok(target_sel, {"side": s.info[c].side,
                                       "attack": s.info[c].attack, "team": "own"}))
    else:
        assert s.hp[target] == min(5 + e["amount"], s.info[target].health)


def _break_check(e, before, s, target, player, target_sel):
    assert target not in s.mu and target not in s.mu.values()
    assert target in s.withdrawn


#: what each effect an Interruption may carry must have done (one check per effect)
EFFECT_CHECKS = {
    "return_to_hand": lambda e, before, s, target, player, sel:
        _assert(target in s.zones[f"hand.{before.owner(target)}"]),
    "revive": lambda e, before, s, target, player, sel:
        _assert(s.hp[target] == e["health"] and target not in s.turned),
    "cancel_power": lambda e, before, s, target, player, sel:
        _assert(target in s.cancelled and target not in s.power),
    "break_matchup": _break_check,
    "heal": _heal_check,
    "discard_condition": lambda e, before, s, target, player, sel:
        _assert(s.zones["conditions"] == []),
    "draw": lambda e, before, s, target, player, sel:
        _assert(len(s.zones[f"hand.{player}"]) ==
                len(before.zones[f"hand.{player}"]) - 1 + e["count"]),
    "opponent_discards": lambda e, before, s, target, player, sel:
        _assert(len(s.zones["hand.1"]) == len(before.zones["hand.1"]) - e["count"]),
}


def _assert(ok: bool) -> None:
    assert ok
