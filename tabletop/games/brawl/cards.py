"""Brawl card kinds (the YAML schema) and their compiled, fast-to-read form."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field as dc_field
from functools import cache

from ...engine.cards import CardDef, CardError, Catalog
from ...engine.effects import effect_list, handler, selector_tuple, text_spec
from ...engine.nearest import did_you_mean
from ...engine.schema import Enum, Field, Int, ListOf, Record, Str
from .effects import ABILITY as ABILITY_CTX
from .effects import ATTACK_TYPES, SELECTOR, SIDES, Mod
from .effects import CONDITION as CONDITION_CTX
from .effects import INTERRUPTION as INTERRUPTION_CTX
from .effects import POWER as POWER_CTX

SPEEDS = ("fast", "ranged", "normal", "slow")
#: Damage step (D, E, F) of each speed.
SPEED_STEP = {"fast": "D", "ranged": "D", "normal": "E", "slow": "F"}
SIDE_RANK = {"hero": 1, "gray": 2, "villain": 3}

ABILITY = Record({
    "name": Field(Str(), required=True, doc="the ability's name"),
    "text": Field(text_spec(), default="", doc="what it does, in words"),
    "effects": Field(effect_list(ABILITY_CTX), required=True,
                     doc="always-on effects (step A)"),
}, name="an ability")

POWER = Record({
    "name": Field(Str(), required=True, doc="the power's name"),
    "text": Field(text_spec(), default="", doc="what it does, in words"),
    "damage": Field(Int(0, 20), doc="damage dealt to the match-up opponent"),
    "speed": Field(Enum(*SPEEDS), doc="when the damage lands: fast/ranged (step D), "
                                      "normal (E), slow (F)"),
    "heal": Field(Int(1, 20), doc="health restored to the chosen target in step G"),
    "heal_target": Field(Enum("self", "teammate", "team"), default="team",
                         doc="who may be healed: the character itself, a teammate, or "
                             "either (team)"),
    "effects": Field(effect_list(POWER_CTX), default=(),
                     doc="effects while declared (step B), e.g. a team-wide bonus"),
}, name="a power")

CARD_KINDS: dict[str, dict[str, Field]] = {
    "character": {
        "side": Field(Enum(*SIDES), required=True, doc="hero, gray or villain"),
        "attack": Field(Enum(*ATTACK_TYPES), required=True,
                        doc="attack type: physical, energy, mental or fate"),
        "health": Field(Int(1, 20), required=True, doc="starting (and highest) health"),
        "abilities": Field(ListOf(ABILITY), default=(), doc="always-on abilities"),
        "powers": Field(ListOf(POWER, min_len=1, max_len=4), required=True,
                        doc="one is declared per turn when in a match-up"),
    },
    "condition": {
        "duration": Field(Enum("persistent", "instant"), default="persistent",
                          doc="persistent: stays in play; instant: acts once, then is "
                              "discarded"),
        "opposes": Field(Str(), doc="id of the Condition that does exactly the opposite; "
                                    "when one is played while the other is in play, both "
                                    "are discarded"),
        "target": Field(SELECTOR.spec, default={},
                        doc="which characters an instant heal touches (no 'team'/'self')"),
        "effects": Field(effect_list(CONDITION_CTX), required=True,
                         doc="what it does: while in play (persistent) or once (instant)"),
    },
    "interruption": {
        "target": Field(SELECTOR.spec, default={},
                        doc="which characters may be chosen as the target"),
        "effects": Field(effect_list(INTERRUPTION_CTX), required=True,
                         doc="what happens, once, when it is played"),
    },
}

@dataclass(frozen=True)
class Power:
    name: str
    text: str
    damage: int | None
    speed: str | None
    heal: int | None
    heal_target: str
    mods: tuple[Mod, ...]
    #: affects others outside its match-up (declared early, step 7)
    outside: bool = dc_field(init=False, compare=False)
    #: the damage step (D, E or F) of its speed; None for a power without damage
    step: str | None = dc_field(init=False, compare=False, repr=False)
    #: the words the log gives it: when declared (``name (summary)``) and in a hit
    #: (``name damage (speed)``), made once (they are written at most moves)
    declared: str = dc_field(init=False, compare=False, repr=False)
    hit: str = dc_field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "outside", bool(self.mods) or self.heal is not None)
        object.__setattr__(self, "step", SPEED_STEP.get(self.speed))
        object.__setattr__(self, "declared", f"{self.name} ({self.summary()})")
        object.__setattr__(self, "hit", f"{self.name} {self.damage} ({self.speed})")

    def summary(self) -> str:
        parts = []
        if self.damage is not None:
            parts.append(f"{self.damage} {self.speed}")
        if self.heal is not None:
            parts.append(f"heal {self.heal}")
        if self.mods:
            parts.append("team effect")
        return ", ".join(parts) or "no damage"


@dataclass(frozen=True)
class Info:
    """What the rules need of one card, precomputed."""

    id: str
    kind: str
    name: str
    side: str | None = None
    attack: str | None = None
    health: int = 0
    powers: tuple[Power, ...] = ()
    abilities: tuple[Mod, ...] = ()
    # conditions / interruptions
    instant: bool = False
    opposes: str | None = None
    target: tuple = ()
    effects: tuple[dict, ...] = ()
    mods: tuple[Mod, ...] = ()
    target_kind: str = "none"  # "character", "condition" or "none"
    #: what each effect asks of a target character (``allows`` behaviours)
    target_tests: tuple = ()
    #: the selector's ``team`` key (``own``, ``opposing``, ``any``; None: not given),
    #: tested per team: targets are listed team by team
    team: str | None = None
    #: the target tests and the rest of the selector as one test ``pick(who, card)``
    #: (None: anyone in the teams ``team`` allows)
    pick: Callable | None = dc_field(default=None, compare=False, repr=False)
    #: a power that stays inside its match-up (declared in steps 10-11)
    inside: bool = dc_field(init=False, compare=False)
    #: the powers declared in step 7 (reaching outside) and in steps 10-11, each as
    #: ``(index, power)`` (worked out once: declarations are listed at most moves)
    early: tuple = dc_field(init=False, compare=False, repr=False)
    late: tuple = dc_field(init=False, compare=False, repr=False)
    #: has a step-7 power a lone character may declare (not a heal of a teammate)?
    early_alone: bool = dc_field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        powers = tuple(enumerate(self.powers))
        object.__setattr__(self, "inside", any(not p.outside for p in self.powers))
        object.__setattr__(self, "early", tuple(ip for ip in powers if ip[1].outside))
        object.__setattr__(self, "late", tuple(ip for ip in powers if not ip[1].outside))
        object.__setattr__(self, "early_alone", any(
            p.heal is None or p.heal_target != "teammate" for _, p in self.early))


def _mods(effects, label: str) -> tuple[Mod, ...]:
    """The damage modifiers among ``effects`` (those with a ``damage`` behaviour)."""
    out = []
    for e in effects or ():
        make = handler(e, "damage")
        if make is not None:
            out.append(make(e, label))
    return tuple(out)


def aims(effects) -> set[str]:
    """What the effects need the card dropped on: ``character`` and/or ``condition``."""
    out = set()
    for e in effects:
        aim = handler(e, "aim")
        what = aim(e) if aim is not None else None
        if what:
            out.add(what)
    return out


@cache
def compile_card(card: CardDef) -> Info:
    """The rules' view of a card, computed once per loaded definition (card definitions
    hash by identity)."""
    return _compile(card)


def _compile(card: CardDef) -> Info:
    d = card.data
    if card.kind == "character":
        powers = tuple(
            Power(p["name"], p.get("text") or "", p.get("damage"), p.get("speed"),
                  p.get("heal"), p.get("heal_target") or "team",
                  _mods(p.get("effects"), f"{card.name}'s {p['name']}"))
            for p in d["powers"]
        )
        abilities = tuple(m for a in d.get("abilities") or ()
                          for m in _mods(a["effects"], f"{card.name}'s {a['name']}"))
        return Info(card.id, card.kind, card.name, side=d["side"], attack=d["attack"],
                    health=d["health"], powers=powers, abilities=abilities)
    effects = tuple(dict(e) for e in d["effects"])
    aim = aims(effects)
    target_kind = "condition" if "condition" in aim else \
        "character" if "character" in aim else "none"
    target = selector_tuple(d.get("target"))
    tests = tuple(t for t in (handler(e, "allows") for e in effects) if t is not None)
    rest = tuple(kv for kv in target if kv[0] != "team")
    return Info(card.id, card.kind, card.name,
                instant=d.get("duration") == "instant",
                opposes=d.get("opposes"), target=target,
                effects=effects, mods=_mods(effects, card.name), target_kind=target_kind,
                target_tests=tests, team=dict(target).get("team"), pick=_pick(tests, rest))


def _pick(tests: tuple, target: tuple) -> Callable | None:
    """One test ``pick(who, card)`` of a target character: every effect's ``allows``
    test, then the card's selector (None when anyone will do)."""
    match = SELECTOR.compile(target) if target else None
    if not tests:
        return match
    if len(tests) == 1 and match is None:
        only = tests[0]
        return lambda who, card: only(who.state, card)

    def pick(who, card) -> bool:
        state = who.state
        for test in tests:
            if not test(state, card):
                return False
        return match is None or match(who, card)
    return pick


def _power_problems(card: CardDef) -> list[tuple[str, str]]:
    out = []
    for i, p in enumerate(card.data["powers"]):
        has_damage = p.get("damage") is not None
        if has_damage and not p.get("speed"):
            out.append((f"powers[{i}].speed", "a power that deals damage needs a speed "
                        "(fast, ranged, normal or slow)"))
        elif p.get("speed") and not has_damage:
            out.append((f"powers[{i}].damage", "a power with a speed needs a damage value"))
        elif has_damage and p.get("heal") is not None:
            out.append((f"powers[{i}].heal", "a power either deals damage or heals, not both"))
        elif not has_damage and p.get("heal") is None and not p.get("effects"):
            out.append((f"powers[{i}]", "a power needs damage, heal or effects"))
    return out[:1]


def _condition_problems(card: CardDef) -> list[tuple[str, str]]:
    d = card.data
    lasting = [handler(e, "damage") is not None for e in d["effects"]]
    instant = d.get("duration") == "instant"
    sels = [d.get("target") or {}]
    for e in d["effects"]:
        sels += [e.get("dealer") or {}, e.get("receiver") or {}]
    if any(s.get("team") is not None or s.get("self") is not None for s in sels):
        return [("effects", "a Condition belongs to no team: its selectors may not use "
                 "'team' or 'self'")]
    if instant and any(lasting):
        return [("duration", "an instant Condition cannot modify damage (make it persistent)")]
    if not instant and not (lasting and all(lasting)):
        return [("effects", "a persistent Condition may only use modify_damage")]
    if not instant and not all(
            any(k in (e.get("dealer") or {}) or k in (e.get("receiver") or {})
                for k in ("side", "attack")) for e in d["effects"]):
        return [("effects", "no Condition may affect all characters: key each modify_damage "
                 "on a side or an attack type")]
    return []


def _interruption_problems(card: CardDef) -> list[tuple[str, str]]:
    if len(aims(card.data["effects"])) > 1:
        return [("effects", "an Interruption targets either a Condition or a character, "
                 "not both")]
    return []


_PROBLEMS = {"character": _power_problems, "condition": _condition_problems,
             "interruption": _interruption_problems}


def check_catalog(catalog: Catalog) -> list[CardError]:
    """Rules that span fields or cards; offending cards are removed from the catalog."""
    errors: list[CardError] = []

    def bad(card: CardDef, field: str, message: str) -> None:
        line, col = card.mark_of(field)
        errors.append(CardError(card.source, line, col, message, card=card.id, field=field))
        catalog.cards.pop(card.id, None)

    for card in list(catalog.cards.values()):
        for field, message in _PROBLEMS[card.kind](card):
            bad(card, field, message)
    conditions = {c.id: c for c in catalog.of_kind("condition")}
    for card in list(conditions.values()):
        other = card.data.get("opposes")
        if other is None:
            continue
        if other not in conditions:
            bad(card, "opposes", f"no Condition with id {other!r}"
                + did_you_mean(other, conditions))
        elif conditions[other].data.get("opposes") not in (None, card.id):
            bad(card, "opposes", f"{other!r} opposes another Condition; opposite pairs "
                "must match")
    return errors
