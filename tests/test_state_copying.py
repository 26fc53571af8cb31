"""Copying declared once (tabletop.engine.copying): every state class names each field's
copy rule in ``COPYING``, and the one generated ``copy`` follows the rules. Over the game
registry, along whole random games: a copy sets every field, shares what is shared (and
only immutable values, the options aside), copies what is copied, and starts the log
empty. A state class that leaves a field without a rule, or writes ``copy`` by hand, is
refused when it is made."""

from __future__ import annotations

from types import MemberDescriptorType

import pytest

from tabletop.engine import copying
from tabletop.engine.copying import COPIED, EMPTY, SHARED, ZONES
from tabletop.engine.rng import Rng
from tabletop.engine.state import State
from tabletop.games import GAMES

#: shared though they hold containers: the game's options and the cards' data built from
#: the card files (``cards``, ``info``), read and never changed during a game
SHARED_CONTAINERS = {"options", "cards", "info"}


def slots_of(cls: type) -> set[str]:
    """Every slot of ``cls`` and its bases that is still a slot on ``cls`` (a property of
    a subclass may stand in for one)."""
    names = set()
    for klass in cls.__mro__:
        for name in klass.__dict__.get("__slots__", ()):
            if isinstance(getattr(cls, name, None), MemberDescriptorType):
                names.add(name)
    return names


def check_copy(state: State) -> None:
    rules = copying.fields(type(state))
    assert set(rules) == slots_of(type(state)), "a field the copy does not set"
    new = state.copy()
    assert type(new) is type(state)
    for name, rule in rules.items():
        old, value = getattr(state, name), getattr(new, name)
        if rule == SHARED:
            assert value is old, name
            if name not in SHARED_CONTAINERS:
                hash(value)  # an immutable value: a copy may share it
        elif rule == COPIED:
            assert value == old and value is not old, name
        elif rule == ZONES:
            assert value == old and value is not old, name
            for zone, cards in value.items():
                assert cards is not old[zone], (name, zone)
        else:
            assert rule == EMPTY and value == [] and value is not old, name


@pytest.mark.parametrize("gid", list(GAMES))
def test_a_copy_follows_every_fields_rule_along_random_games(gid):
    rules = GAMES[gid].rules
    catalog = rules.load_catalog(mod_dirs=[])
    for seed in (1, 2, 3):
        state = rules.new_state(catalog, rules.default_options(), seed)
        rng = Rng(seed)
        while not state.over:
            check_copy(state)
            state = state.copy()
            rules.apply(state, rng.choice(rules.legal_moves(state)))
        check_copy(state)


@pytest.mark.parametrize("gid", list(GAMES))
def test_a_copy_is_independent_of_its_original(gid):
    rules = GAMES[gid].rules
    state = rules.new_state(rules.load_catalog(mod_dirs=[]), rules.default_options(), 4)
    new = state.copy()
    zone = next(name for name, cards in state.zones.items() if cards)
    before = list(state.zones[zone])
    new.zones[zone].pop()
    new.zones["no-such-zone"] = [1]
    new.facedown.add(10_000)
    new.counters[("test",)] = 1
    new.say("only in the copy")
    assert state.zones[zone] == before and "no-such-zone" not in state.zones
    assert 10_000 not in state.facedown and ("test",) not in state.counters
    assert ("only in the copy", None) not in state.events


def test_a_new_field_is_copied_by_its_rule_without_writing_copy():
    rules = GAMES["brawl"].rules
    state = rules.new_state(rules.load_catalog(mod_dirs=[]), {}, 1)
    base = type(state)

    class Extended(base):
        COPYING = {"tally": COPIED, "label": SHARED}
        __slots__ = tuple(COPYING)

    ext = object.__new__(Extended)
    for name in slots_of(base):
        setattr(ext, name, getattr(state, name))
    ext.tally, ext.label = [1, 2], "x"
    new = ext.copy()
    assert new.tally == [1, 2] and new.tally is not ext.tally and new.label == "x"
    assert new.hp == state.hp and new.hp is not state.hp  # the base's fields too


def test_a_field_without_a_rule_is_refused():
    with pytest.raises(TypeError, match="no rule for forgotten"):
        class Forgetful(State):
            COPYING = {"kept": SHARED}
            __slots__ = ("kept", "forgotten")


def test_a_rule_for_no_field_and_an_unknown_rule_are_refused():
    with pytest.raises(TypeError, match="not slots: ghost"):
        class Ghostly(State):
            COPYING = {"kept": SHARED, "ghost": SHARED}
            __slots__ = ("kept",)
    with pytest.raises(TypeError, match="unknown copy rule 'deep'"):
        class Deep(State):
            COPYING = {"kept": "deep"}
            __slots__ = tuple(COPYING)


def test_a_hand_written_copy_and_a_state_without_slots_are_refused():
    with pytest.raises(TypeError, match="generated from COPYING"):
        class ByHand(State):
            COPYING = {}
            __slots__ = ()

            def copy(self):
                return self
    with pytest.raises(TypeError, match="must declare __slots__"):
        class Open(State):
            pass
