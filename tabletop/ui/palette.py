"""The window's palettes: the standard colours, and a colour-blind-safe set (Settings,
Colours) in which every distinction the rules make by colour stays apart for the three
common kinds of colour blindness (:mod:`.colour_vision`; tests/test_palette.py checks
each group, simulated, and on screenshots of every game's table).

Every distinction is also made without colour where the rules need it (a seat's label,
a power type's letter or icon, a card kind's word on its face): the palette makes the
colours agree with those cues for everyone.

A module that keeps colours the rules tell apart declares them with :func:`swatch`
beside them (the theme's are declared here; each game's in its UI module), with their
colour-blind-safe values and the distinction they make. :func:`apply` swaps them where
they are kept (dicts and lists are changed in place, so every module holding them sees
the change; a module declared later, a game's UI imported after the palette was chosen,
takes the palette in use at once), then forgets the pictures painted with the old ones.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from . import theme

PALETTES = {"standard": "Standard", "colour-blind": "Colour-blind safe"}


@dataclass
class Swatch:
    """Colours kept in ``where[name]`` (a module's globals): their standard value, their
    colour-blind-safe one (a dict may give only the keys it changes), and the
    distinction they make: its name, the keys in it (None: the value is one colour) and
    how far apart (CIE76) they must look, for everyone."""

    where: dict
    name: str
    standard: Any
    safe: Any
    distinctions: tuple[str, ...]
    keys: tuple
    floor: float


#: every swatch declared, by (module name, name)
SWATCHES: dict[tuple[str, str], Swatch] = {}
#: distinctions made by more than one swatch (one colour each): name -> floor
_SHARED: dict[str, float] = {}
#: the palette in use
current = "standard"


def swatch(where: dict, name: str, safe: Any, *distinctions: str, keys=None,
           floor: float = 20) -> None:
    """Declare the colours ``where[name]`` (a module's ``globals()``) with their
    colour-blind-safe value ``safe``, making ``distinctions`` between ``keys`` (default:
    every key of a dict or index of a list; a single colour: part of the distinctions it
    shares with others of those names)."""
    value = where[name]
    if keys is None:
        keys = tuple(value) if isinstance(value, dict) else \
            tuple(range(len(value))) if isinstance(value[0], (tuple, list)) else (None,)
    found = Swatch(where, name, copy.deepcopy(value), safe, distinctions, tuple(keys), floor)
    SWATCHES[(where["__name__"], name)] = found
    if current != "standard":
        _set(found, current)


def _set(s: Swatch, name: str) -> None:
    now = s.where[s.name]
    value = s.standard if name == "standard" else s.safe
    if isinstance(now, dict):
        merged = {**s.standard, **value}
        now.clear()
        now.update(merged)
    elif isinstance(now, list):
        now[:] = value
    else:
        s.where[s.name] = value


def apply(name: str) -> None:
    """Use palette ``name`` (a key of :data:`PALETTES`) from the next frame."""
    global current
    if name not in PALETTES:
        raise ValueError(f"unknown palette {name!r}")
    if name == current:
        return
    current = name
    for s in SWATCHES.values():
        _set(s, name)
    _forget_pictures()


def distinctions() -> dict[str, tuple[float, list[tuple[str, tuple[int, int, int]]]]]:
    """Each distinction the rules make by colour: its floor and its colours as in use
    now, each named (``SIDE_COLORS[hero]``)."""
    out: dict[str, tuple[float, list]] = {}
    for s in SWATCHES.values():
        value = s.where[s.name]
        for distinction in s.distinctions:
            _, colours = out.setdefault(distinction, (s.floor, []))
            for key in s.keys:
                label = s.name if key is None else f"{s.name}[{key}]"
                colours.append((label, tuple(value if key is None else value[key])))
    return out


def _forget_pictures() -> None:
    """The card faces and captions painted with the old colours are painted again."""
    from . import cardart, pictures

    cardart._faces.clear()
    pictures.forget()


# -- the theme's: what every table shows ------------------------------------------------------
_theme = vars(theme)
MARKS, NEWS = "lit places, refusals and the accent", "good and bad news"
swatch(_theme, "LEGAL", (20, 170, 190), MARKS)
swatch(_theme, "BAD", (255, 140, 90), MARKS, NEWS)
swatch(_theme, "ACCENT", (240, 228, 66), MARKS)
swatch(_theme, "GOOD", (86, 180, 233), NEWS)
swatch(_theme, "SEAT_COLORS", [(86, 180, 233), (255, 140, 90), (150, 150, 150),
                               (240, 228, 66)], "seats")
swatch(_theme, "SPEED_COLORS", {
    "fast": (150, 60, 30), "ranged": (230, 159, 0), "normal": (120, 200, 255),
    "slow": (60, 80, 170), "heal": (0, 158, 115), "boost": (255, 200, 120)},
    "Brawl power speeds")
