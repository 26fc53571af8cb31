"""Home Bases and Aspects (issue 14; docs/rulings.md, OverPower, "Locations").

A Home Base lies behind its team's Reserve (``base.p``); it is never attacked. Its ability
helps the whole team: the parts that change one character (attack and defence bonuses,
Universe bonuses, a KO threshold, Spectrum immunities, guarding teammates, playing from
the Reserve) join each character's compiled abilities when the game is dealt; the parts
that change the team's numbers (Venture Totals, hand size) are read from the Home Base
itself. Aspects of the Home Base's Location (or of any Home Base) are played by the Home
Base as Specials are played by characters: as an attack, a Defensive Action (for any
Front Line character: the Home Base is never the one attacked) or an effect; one at a
time may be Placed on it (never an Any Home Base Aspect), and it counts as part of the
hand for duplicates, as cards Placed on the Front Line do.

Importing this module registers the Aspect's usability (:data:`.grid.FITS`) and its moves
(:data:`.legal.LEADS`, :data:`.legal.DEFENCES`).
"""

from __future__ import annotations

from dataclasses import replace

from ...engine.cards import CardDef
from . import grid, legal
from .cards import Info, Profile, profile_of
from .locations import is_base
from .morekinds import ANY_HOME_BASE
from .state import OPState

#: the Profile fields a Home Base adds to each of its team's characters
PER_CHARACTER = ("attack", "defence", "universe", "from_reserve")


def home_profile(card: CardDef) -> Profile:
    """A Location's Home Base ability, compiled like an inherent ability."""
    ability = card.data.get("home_base") or {}
    return profile_of([{"effects": ability.get("effects") or ()}])


def merged(mine: Profile, home: Profile) -> Profile:
    """A character's abilities with its Home Base's per-character ones added."""
    return mine._replace(
        ko_at=max(mine.ko_at, home.ko_at), ignores=mine.ignores | home.ignores,
        guard=mine.guard + home.guard,
        **{f: getattr(mine, f) + getattr(home, f) for f in PER_CHARACTER})


def with_home_base(infos: list[Info], team: range, base: int, card: CardDef) -> None:
    """Give the Home Base (instance ``base``) its ability and each character of the team
    (instances ``team``) the per-character parts of it."""
    home = home_profile(card)
    infos[base] = replace(infos[base], profile=home, fit_cache={}, fit_code={})
    for i in team:
        if infos[i].kind == "character":
            infos[i] = replace(infos[i], profile=merged(infos[i].profile, home),
                               fit_cache={}, fit_code={})


def _aspect_fits(s: OPState, ch: int, inf: Info) -> bool:
    """An Aspect is played by the Home Base of its Location (any Home Base for an Any Home
    Base Aspect), never by a character."""
    return is_base(s, ch) and inf.persona in (s.cards[ch].id, ANY_HOME_BASE)


def placeable_on(s: OPState, ch: int, inf: Info) -> bool:
    """Only Aspects are Placed on a Home Base, and never an Any Home Base Aspect; an
    Aspect is Placed nowhere else."""
    if is_base(s, ch):
        return inf.kind == "aspect" and inf.persona != ANY_HOME_BASE
    return inf.kind != "aspect"


grid.FITS["aspect"] = _aspect_fits
legal.LEADS["aspect"] = legal.LEADS["special"]
legal.DEFENCES["aspect"] = legal.DEFENCES["special"]
