"""The moves Locations add (issue 14; :mod:`.locations` has the rules they follow): a
Front Line character plays an Activator (exchanged for a Special beneath the Battlesite,
which is played at once: an attack, an effect, or a Defensive Action), and a Battlesite's
own Defensive Actions (a Power card one of its team's Front Line characters could use, or
an Activator whose Special stops the attack and does nothing else).

The moves: ``activate`` with the Activator, the target (None for an effect) and ``choice
= (actor, the Special beneath, the declared type)``; a defence with an Activator is
``defend`` with ``choice = (the Special beneath, -1)``. Importing this module registers
them with the fight (:data:`.legal.LEADS`, :data:`.legal.DEFENCES`,
:data:`.legal.SITE_DEFENCES`) and the Activator's usability with the discard step
(:data:`.grid.FITS`).
"""

from __future__ import annotations

from ...engine.moves import Move
from . import artifacts, grid, legal
from .common import BASE, EVENTS, FRONT, NO_TYPE, PLACED, SITE, TYPES
from .events import forbidden
from .locations import (
    activator_ready,
    beneath_of,
    is_base,
    is_site,
    quiet_defence,
    site_special_ok,
)
from .state import Attack, OPState


def _fits(s: OPState, ch: int, inf) -> bool:
    """Any character of the team may play an Activator while it can be exchanged."""
    return activator_ready(s, s.owner(ch), inf)


def activator_lead(q: legal.Query, x: int, c: int, cards, kinds) -> list[Move]:
    """Front Line character ``x`` plays Activator ``c`` as the Special it fetches: an
    attack at once (at any target that Special may take), or an effect. A Special played
    with a Power card cannot be fetched this way (it is played alone)."""
    s = q.s
    if x not in q.front or not activator_ready(s, q.seat, s.info[c]):
        return []
    out: list[Move] = []
    for sp in beneath_of(s, q.seat, s.info[c].persona):
        inf = s.info[sp]
        if inf.play in ("attack", "attack-or-defence") and "special" in kinds and \
                inf.partner is None:
            tg = q.wide if inf.reserve_target else q.targets
            if not site_special_ok(inf):
                tg = [t for t in tg if not is_site(s, t)]
            for _, t in legal.special_partners(s, x, sp, cards):
                out += [Move("activate", q.seat, c, target, (x, sp, t)) for target in tg]
        if inf.play == "effect" and "effect" in kinds and \
                legal.effect_ready(s, q.seat, x, sp):
            out.append(Move("activate", q.seat, c, None, (x, sp, NO_TYPE)))
    return out


def _stoppers(s: OPState, seat: int, x: int, c: int, quiet: bool) -> list[Move]:
    """Activator ``c`` answering the attack: one move per Special beneath that stops it."""
    if not activator_ready(s, seat, s.info[c]):
        return []
    out = []
    for sp in beneath_of(s, seat, s.info[c].persona):
        inf = s.info[sp]
        if inf.play in ("defence", "attack-or-defence") and inf.partner is None and \
                (not quiet or quiet_defence(inf)) and \
                legal.stopping_effect(s, seat, x, sp) is not None:
            out.append(Move("defend", seat, c, x, (sp, -1)))
    return out


def activator_defences(q: legal.Query, x: int, c: int, cards, attack: Attack) -> list[Move]:
    """A Front Line character defends with an Activator (its Special is played for it)."""
    if x not in q.front:
        return []
    return _stoppers(q.s, q.seat, x, c, quiet=False)


def site_power(q: legal.Query, site: int, c: int, attack: Attack) -> list[Move]:
    """A Battlesite blocks with a Power card from the hand that one of its team's Front
    Line characters could use, of at least the attack's value (never with a Universe
    card; no bonus helps it)."""
    s = q.s
    inf = s.info[c]
    if c not in q.hands.hand or attack.value is None or "power" not in attack.blockable or \
            inf.value < attack.value or not any(grid.fits(s, ch, inf) for ch in q.front):
        return []
    return [Move("defend", q.seat, c, site, (-1, -1))]


def site_activator(q: legal.Query, site: int, c: int, attack: Attack) -> list[Move]:
    return _stoppers(q.s, q.seat, site, c, quiet=True)


legal.LEADS["activator"] = activator_lead
legal.DEFENCES["activator"] = activator_defences
legal.SITE_DEFENCES.update({"power": site_power, "activator": site_activator})
grid.FITS["activator"] = _fits


# -- refusals ---------------------------------------------------------------------------------
def _defence_refusal(s: OPState, m: Move) -> str | None:
    a = s.attack
    if m.kind != "defend" or a is None or not is_site(s, a.target) or \
            not isinstance(m.card, int) or m.card < 0:
        return None
    inf = s.info[m.card]
    if inf.kind == "activator":
        return (f"{inf.name} fetches no Special that stops this attack (a Battlesite plays "
                "only one that does nothing but stop it).")
    if inf.kind != "power":
        return ("A Battlesite defends only with a Power card one of your Front Line "
                "characters could use (no Universe card), or with an Activator.")
    if isinstance(m.choice, tuple) and m.choice and isinstance(m.choice[0], int) and \
            m.choice[0] >= 0:
        return (f"A Battlesite blocks with a Power card alone: no Universe card (nor any "
                f"other bonus) is added to {inf.name}.")
    if a.value is None or "power" not in a.blockable:
        return f"{s.name(a.cards[0])} cannot be blocked with a Power card."
    if not any(grid.fits(s, ch, inf) for ch in s.zones[FRONT[m.seat]]):
        return (f"None of your Front Line characters could use {inf.name}, so the "
                "Battlesite cannot either.")
    return f"{inf.name} is too low to block an attack of {a.value}."


def _activator_refusal(s: OPState, m: Move) -> str | None:
    if m.kind != "activate" or not isinstance(m.card, int) or m.card < 0:
        return None
    inf = s.info[m.card]
    if inf.kind != "activator":
        return f"{inf.name} is not an Activator."
    site = s.zones[SITE[m.seat]]
    if not site:
        return ("You have no Battlesite standing: an Activator can only be exchanged for a "
                "Special beneath it.")
    if not beneath_of(s, m.seat, inf.persona):
        return f"No Special of its character lies beneath {s.name(site[0])} any more."
    actor = m.choice[0] if isinstance(m.choice, tuple) and m.choice else None
    if actor not in s.zones[FRONT[m.seat]]:
        return "Only a Front Line character plays an Activator."
    return _fetched_refusal(s, m, inf)


def _fetched_refusal(s: OPState, m: Move, inf) -> str:
    """Why the Special an Activator would fetch cannot be played as the move says."""
    sp = m.choice[1] if isinstance(m.choice, tuple) and len(m.choice) == 3 else None
    if not isinstance(sp, int) or sp not in beneath_of(s, m.seat, inf.persona):
        return f"{inf.name} fetches only a Special of its own character from beneath your " \
            "Battlesite."
    special = s.info[sp]
    if special.play == "defence":
        return f"{special.name} is played only as a Defensive Action."
    if special.partner is not None:
        return (f"{special.name} is played with a Power card, so an Activator cannot fetch it "
                "(the fetched Special is played alone).")
    if special.play == "effect" and m.target is not None:
        return f"{special.name} attacks no one: play it on your own side."
    return f"{special.name} cannot be played that way now."


def _aspect_refusal(s: OPState, m: Move) -> str | None:
    if not isinstance(m.card, int) or not 0 <= m.card < len(s.info) or \
            s.info[m.card].kind != "aspect" or m.kind not in ("special", "defend", "place"):
        return None
    who = m.target if m.kind in ("defend", "place") else \
        m.choice[0] if isinstance(m.choice, tuple) and m.choice else None
    if isinstance(who, int) and is_base(s, who):
        return None
    inf = s.info[m.card]
    base = s.zones[BASE[m.seat]]
    if not base:
        return f"{inf.name} is an Aspect: only a Home Base plays it, and you have none."
    return f"{inf.name} is an Aspect: only your Home Base, {s.name(base[0])}, plays it."


def _event_refusal(s: OPState, m: Move) -> str | None:
    if not forbidden(s, m):
        return None
    by = [s.name(c) for p in (0, 1) for c in s.zones[EVENTS[p]]
          if any(e["effect"] == "event_forbid" for e in s.info[c].effects)]
    kinds = ", ".join(sorted({s.info[c].kind for c in (m.card,) if c >= 0}))
    return f"No {kinds} card may be played this battle ({' and '.join(by) or 'an Event'})."


def site_refusal(s: OPState, m: Move) -> str | None:
    """Why a move about a Battlesite, an Activator or an Aspect, or one an Event forbids, is
    refused, if it is one."""
    why = _defence_refusal(s, m) or _activator_refusal(s, m) or _aspect_refusal(s, m) or \
        _event_refusal(s, m) or _artifact_refusal(s, m)
    if why:
        return why
    if m.kind == "special" and isinstance(m.target, int) and 0 <= m.target < len(s.info) \
            and is_site(s, m.target) and isinstance(m.card, int) and \
            not site_special_ok(s.info[m.card]):
        return (f"{s.info[m.card].name} cannot be aimed at a Battlesite: a Special attacks a "
                "Battlesite only for its value, never to act on what it hits.")
    return None


# -- Artifacts (:mod:`.artifacts`) ------------------------------------------------------------
def artifact_lead(q: legal.Query, x: int, c: int, cards, kinds) -> list[Move]:
    """Front Line character ``x`` plays Artifact ``c`` (from the hand, or its own Tactic
    slot) onto a different Front Line teammate who meets the second condition; it is the
    turn's action, never an attack."""
    if "effect" not in kinds:
        return []
    return [Move("artifact", q.seat, c, y, (x, -1, NO_TYPE))
            for _, y in artifacts.pairs(q.s, q.seat, q.s.info[c], [x])]


def _artifact_refusal(s: OPState, m: Move) -> str | None:
    if m.kind != "artifact" or not isinstance(m.card, int) or not 0 <= m.card < len(s.info):
        return None
    inf = s.info[m.card]
    if inf.kind != "artifact":
        return f"{inf.name} is not an Artifact."
    actor = m.choice[0] if isinstance(m.choice, tuple) and m.choice else None
    holder = s.attached.get(m.card)
    if m.card in s.zones[PLACED[m.seat]] and holder != actor:
        return (f"{inf.name} is Placed on {s.name(holder)}: a Placed card can only be played "
                "by its character.")
    front = s.zones[FRONT[m.seat]]
    if actor not in front or m.target not in front:
        return "An Artifact is played by one Front Line character onto another."
    if actor == m.target:
        return f"{inf.name} needs two different Front Line characters."
    if not artifacts.meets_first(s, actor, inf):
        t, v = inf.req
        return f"{s.name(actor)} must be rated {TYPES[t].capitalize()} {v} or more to play it."
    t, v = inf.mate
    how = "or less" if inf.max_rating else "or more"
    return f"{s.name(m.target)} must be rated {TYPES[t].capitalize()} {v} {how} to bear it."


legal.LEADS["artifact"] = artifact_lead
grid.FITS["artifact"] = artifacts.artifact_fits
