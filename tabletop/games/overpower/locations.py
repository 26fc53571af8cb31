"""Locations in play (issue 14; docs/rulings.md, OverPower, "Locations").

A Battlesite lies beside its team's Front Line (``site.p``) with the Specials its player
chose face down beneath it (``beneath.p``). The opponent may attack it like a Front Line
character; it defends itself only with a Power card one of its team's Front Line
characters could use, or with an Activator (:mod:`.activators`). It is KO'd only when its
hits, Permanent Record included, reach 30 (never by Spectrum: its compiled card ignores
every type), and its hits never count toward the Venture Total. When it is KO'd it goes to
the Defeated Characters Pile with every card beneath it, its Permanent Record goes back to
the player who scored it, and this battle's hits on it follow at the end of the battle.

An Activator is exchanged for a Special of its character from beneath the Battlesite: the
Activator takes the Special's place beneath it, and the Special is played at once; once
played it goes to the Defeated Characters Pile (:data:`OPState.site_specials`).
"""

from __future__ import annotations

from ...engine.effects import handler
from ...engine.moves import Move, seat_label
from .cards import Info
from .common import BASE, BENEATH, DEFEATED, HAND, RECORD, SITE, other
from .piles import discard
from .state import OPState


def is_site(s: OPState, card: int) -> bool:
    """Is ``card`` a Battlesite (a Location that is not a Home Base)?"""
    return s.info[card].kind == "location" and not is_base(s, card)


def is_base(s: OPState, card: int) -> bool:
    """Is ``card`` a Home Base (:mod:`.homebase`)? (It lies in its owner's Home Base zone:
    the owner, :meth:`.state.OPState.owner`, worked out inline, as this is asked of every
    character for every list of moves.)"""
    return card >= 0 and card in s.zones.get(BASE[0 if card < s.split else 1], ())


def site_of(s: OPState, seat: int) -> int | None:
    """``seat``'s Battlesite while it stands, else None."""
    zone = s.zones.get(SITE[seat])
    return zone[0] if zone else None


def reaches(inf: Info) -> bool:
    """Does any effect of the card act on what it is aimed at?"""
    for e in inf.effects:
        test = handler(e, "reaches")
        if test is not None and test(e):
            return True
    return False


def site_special_ok(inf: Info) -> bool:
    """A Special may attack a Battlesite only for its value: one with no value, or with
    an effect on what it hits (the Power Leech Target Rule's reading), may not."""
    return inf.has_value and not reaches(inf)


def quiet_defence(inf: Info) -> bool:
    """A defensive Special a Battlesite may play through an Activator: it stops the
    attack and does nothing else (no effect to run on a character)."""
    return all(handler(e, "run") is None for e in inf.effects)


def site_hit(s: OPState, card: int) -> bool:
    """Is this hit on a Battlesite (never part of a Venture Total)?"""
    on = s.attached.get(card)
    return on is not None and s.info[on].kind == "location"


def beneath_of(s: OPState, seat: int, persona: str) -> list[int]:
    """The Specials of ``persona`` beneath ``seat``'s Battlesite."""
    info = s.info
    return [c for c in s.zones.get(BENEATH[seat], ())
            if c >= 0 and info[c].kind == "special" and info[c].persona == persona]


def activator_ready(s: OPState, seat: int, inf: Info) -> bool:
    """An Activator can be exchanged: the Battlesite stands and a Special of its character
    lies beneath it (otherwise it is Unusable)."""
    return site_of(s, seat) is not None and bool(beneath_of(s, seat, inf.persona))


def exchange(s: OPState, seat: int, activator: int, special: int) -> None:
    """The Activator takes the Special's place beneath the Battlesite; the Special comes
    into the hand to be played at once."""
    s.move_card(activator, HAND[seat], BENEATH[seat])
    s.move_card(special, BENEATH[seat], HAND[seat])
    s.site_specials = s.site_specials | {special}
    s.say(f"{seat_label(seat)} exchanges {s.name(activator)} for {s.name(special)} from "
          f"beneath {s.name(s.zones[SITE[seat]][0])}")


def as_special(m: Move) -> Move:
    """The Special move an Activator move stands for (``choice``: actor, the Special
    beneath, the declared type)."""
    actor, special, t = m.choice
    return Move("special", m.seat, special, m.target, (actor, -1, t))


def activate(s: OPState, m: Move) -> Move:
    """Play an Activator as the turn's action: exchange, then the Special's move."""
    exchange(s, m.seat, m.card, m.choice[1])
    return as_special(m)


def activate_defence(s: OPState, m: Move) -> Move:
    """Play an Activator as a Defensive Action: exchange, then the Special's defence."""
    special = m.choice[0]
    exchange(s, m.seat, m.card, special)
    return Move("defend", m.seat, special, m.target, (-1, -1))


def knock_out_site(s: OPState, site: int, why: str) -> None:
    """The Battlesite and everything beneath it go to the Defeated Characters Pile; its
    Permanent Record goes back to the player who scored it (this battle's hits on it at
    the end of the battle, as for a character: :attr:`OPState.ko_now`)."""
    q = s.owner(site)
    s.zones[SITE[q]].remove(site)
    s.zones[DEFEATED[q]].append(site)
    under = list(s.zones[BENEATH[q]])
    s.zones[BENEATH[q]].clear()
    s.zones[DEFEATED[q]].extend(under)
    s.ko_now = s.ko_now | {site}
    s.say(f"{s.name(site)} is KO'd: {why}")
    if under:
        s.say(f"The {len(under)} card{'s' if len(under) != 1 else ''} beneath it go to the "
              f"Defeated Characters Pile of {seat_label(q)}")
    att = s.attached
    record = [c for c in s.zones[RECORD[q]] if att.get(c) == site]
    if record:
        s.say(f"The Permanent Record of {s.name(site)} goes back to {seat_label(other(q))}")
        for c in record:
            discard(s, c, RECORD[q])


def place_site(s: OPState, pool, seat: int, side: dict, dealt: dict) -> None:
    """Scenario positions: the deck's Home Base and Battlesite where the deal put them,
    with the Specials beneath the Battlesite (``dealt``: the zones of the deal);
    ``site_ko: true`` puts the Battlesite and its Specials in the Defeated Characters
    Pile."""
    taken = {zone: list(dealt.get(f"{zone}.{seat}", ())) for zone in ("base", "site",
                                                                       "beneath")}
    for cards in taken.values():
        for c in cards:
            pool.cards.remove(c)
    s.zones[BASE[seat]] += taken["base"]
    if side.get("site_ko"):
        s.zones[DEFEATED[seat]] += taken["site"] + taken["beneath"]
    else:
        s.zones[SITE[seat]] += taken["site"]
        s.zones[BENEATH[seat]] += taken["beneath"]
