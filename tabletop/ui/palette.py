"""The window's palettes: the standard colours, and a colour-blind-safe set (Settings,
Colours) in which every distinction the rules make by colour stays apart for the three
common kinds of colour blindness (:mod:`.colour_vision`; tests/test_palette.py checks
each group below, simulated, and on screenshots of every game's table).

Every distinction is also made without colour where the rules need it (a seat's label,
a power type's letter or icon, a card kind's word on its face): the palette makes the
colours agree with those cues for everyone.

:func:`apply` swaps the colours where they are kept (the theme's and each game's own
tables: dicts and lists are changed in place, so every module holding them sees the
change), then forgets the pictures painted with the old ones.
"""

from __future__ import annotations

import copy
import importlib
from typing import Any

PALETTES = {"standard": "Standard", "colour-blind": "Colour-blind safe"}

#: (module, name) -> its colour-blind-safe value (a dict may give only the keys it changes)
COLOUR_BLIND: dict[tuple[str, str], Any] = {
    ("tabletop.ui.theme", "LEGAL"): (20, 170, 190),
    ("tabletop.ui.theme", "BAD"): (255, 140, 90),
    ("tabletop.ui.theme", "GOOD"): (86, 180, 233),
    ("tabletop.ui.theme", "ACCENT"): (240, 228, 66),
    ("tabletop.ui.theme", "SEAT_COLORS"): [(86, 180, 233), (255, 140, 90), (150, 150, 150),
                                           (240, 228, 66)],
    ("tabletop.ui.theme", "SPEED_COLORS"): {
        "fast": (150, 60, 30), "ranged": (230, 159, 0), "normal": (120, 200, 255),
        "slow": (60, 80, 170), "heal": (0, 158, 115), "boost": (255, 200, 120)},
    ("tabletop.ui.brawl.icons", "SIDE_COLORS"): {
        "hero": (0, 114, 178), "gray": (90, 90, 100), "villain": (150, 60, 30)},
    ("tabletop.ui.brawl.icons", "ATTACK_COLORS"): {
        "physical": (213, 94, 0), "energy": (240, 228, 66), "mental": (180, 100, 210),
        "fate": (0, 158, 115)},
    ("tabletop.ui.power_play.cards", "TYPE_COLORS"): {
        "flame": (213, 94, 0), "frost": (120, 200, 255), "gale": (0, 158, 115),
        "mind": (60, 80, 170), "shadow": (90, 90, 100), "might": (255, 200, 120)},
    ("tabletop.ui.solo_deckbuilder.cards", "TYPE_COLORS"): {
        "hero": (60, 80, 170), "equipment": (255, 200, 120), "superpower": (180, 100, 210),
        "starter": (150, 150, 150), "weakness": (90, 90, 100), "villain": (213, 94, 0),
        "supervillain": (150, 60, 30), "location": (20, 170, 190),
        "superhero": (230, 159, 0)},
    ("tabletop.ui.overpower.icons", "TYPE_COLORS"): ((240, 228, 66), (150, 60, 30),
                                                     (0, 158, 115), (60, 80, 170)),
    ("tabletop.ui.overpower.cards", "PLAY_COLORS"): {
        "attack": (255, 140, 90), "defence": (86, 180, 233),
        "attack-or-defence": (110, 60, 150), "effect": (40, 120, 90)},
    ("tabletop.ui.overpower.cards", "KIND_COLORS"): {
        "basic-universe": (110, 60, 150), "training": (40, 120, 90),
        "teamwork": (255, 140, 90), "ally": (150, 60, 30), "doubleshot": (204, 121, 167),
        "mission": (86, 180, 233)},
    ("tabletop.ui.hero_vs_nemesis.layout", "GOOD_CHIP"): (0, 158, 115),
    ("tabletop.ui.hero_vs_nemesis.layout", "BAD_CHIP"): (150, 60, 30),
}

#: the distinctions the rules make by colour: groups of (module, name, key or None) whose
#: colours must look apart, and how far (CIE76) at least, for everyone
DISTINCTIONS: dict[str, tuple[float, list[tuple[str, str, Any]]]] = {}


def _group(name: str, floor: float, module: str, attr: str, keys) -> None:
    DISTINCTIONS[name] = (floor, [(module, attr, k) for k in keys])


DISTINCTIONS["legal places, refusals and the accent"] = (20, [
    ("tabletop.ui.theme", "LEGAL", None), ("tabletop.ui.theme", "BAD", None),
    ("tabletop.ui.theme", "ACCENT", None)])
DISTINCTIONS["good and bad news"] = (20, [
    ("tabletop.ui.theme", "GOOD", None), ("tabletop.ui.theme", "BAD", None)])
_group("seats", 20, "tabletop.ui.theme", "SEAT_COLORS", range(4))
_group("Brawl power speeds", 20, "tabletop.ui.theme", "SPEED_COLORS",
       ("fast", "ranged", "normal", "slow", "heal", "boost"))
_group("Brawl sides", 20, "tabletop.ui.brawl.icons", "SIDE_COLORS", ("hero", "gray", "villain"))
_group("Brawl attack types", 20, "tabletop.ui.brawl.icons", "ATTACK_COLORS",
       ("physical", "energy", "mental", "fate"))
_group("Power Play power types", 20, "tabletop.ui.power_play.cards", "TYPE_COLORS",
       ("flame", "frost", "gale", "mind", "shadow", "might"))
# nine card types, each also named in words on the card's foot: apart, if less so
_group("Solo card types", 12, "tabletop.ui.solo_deckbuilder.cards", "TYPE_COLORS",
       ("hero", "equipment", "superpower", "starter", "weakness", "villain", "supervillain",
        "location", "superhero"))
_group("OverPower power types", 20, "tabletop.ui.overpower.icons", "TYPE_COLORS", range(4))
_group("OverPower plays", 20, "tabletop.ui.overpower.cards", "PLAY_COLORS",
       ("attack", "defence", "attack-or-defence", "effect"))
_group("OverPower card kinds", 20, "tabletop.ui.overpower.cards", "KIND_COLORS",
       ("basic-universe", "training", "teamwork", "ally", "doubleshot", "mission"))
DISTINCTIONS["Hero vs Nemesis chips"] = (20, [
    ("tabletop.ui.hero_vs_nemesis.layout", "GOOD_CHIP", None),
    ("tabletop.ui.hero_vs_nemesis.layout", "BAD_CHIP", None)])

#: the standard values, kept the first time a palette is applied
_standard: dict[tuple[str, str], Any] = {}
#: the palette applied last
current = "standard"


def apply(name: str) -> None:
    """Use palette ``name`` (a key of :data:`PALETTES`) from the next frame."""
    global current
    if name not in PALETTES:
        raise ValueError(f"unknown palette {name!r}")
    if name == current:
        return
    for (module_name, attr), safe in COLOUR_BLIND.items():
        module = importlib.import_module(module_name)
        now = getattr(module, attr)
        standard = _standard.setdefault((module_name, attr), copy.deepcopy(now))
        value = standard if name == "standard" else safe
        if isinstance(now, dict):
            merged = {**standard, **value}
            now.clear()
            now.update(merged)
        elif isinstance(now, list):
            now[:] = value
        else:
            setattr(module, attr, value)
    current = name
    _forget_pictures()


def colour(module_name: str, attr: str, key: Any = None) -> tuple[int, int, int]:
    """A colour of the palette in use, by where it is kept."""
    value = getattr(importlib.import_module(module_name), attr)
    return value if key is None else value[key]


def _forget_pictures() -> None:
    """The card faces and captions painted with the old colours are painted again."""
    from . import cardart, pictures

    cardart._faces.clear()
    pictures.forget()
