"""OverPower's dialogs over the table: the venture (two steppers, the stakes and the
penalty they bring), penalty draws, fight or concede, "defend or take the hit" (what the
hit would do), follow-up prompts, card choices (duplicates to keep, cards an effect
fetches, hits to remove, cards to give up) and the end-of-battle summary with the moves
of both mission ladders. Each is built from the legal moves it stands for."""

from __future__ import annotations

from ...engine.moves import Move, seat_label
from ...games.overpower.battle import penalty_for
from ...games.overpower.common import LETTERS, MISSION_SIZE, SPECTRUM_KO, other
from ...games.overpower.hits import cumulative, ko_at, spectrum
from .. import theme
from ..table.dialog import Action, CardPick, Dialog, Stepper

#: the phases between two fights, when the last battle's summary is shown
BETWEEN = ("discard", "placing", "venture", "penalty", "concede")
PICKED = ("keep", "fetch", "heal", "strip", "lose")
CAPTIONS = {"keep": "Keep", "fetch": "Take", "heal": "Remove", "strip": "Remove",
            "lose": "Give up"}
TITLES = {"keep": "Duplicates: keep one of these cards (the others are discarded)",
          "fetch": "Take one of these cards into your hand",
          "heal": "Remove a hit", "strip": "Remove a Placed card",
          "lose": "Give up a card from your hand"}


def dialog_for(lay, view, legal: list[Move], viewer: int | None) -> Dialog | None:
    summary = _summary(lay, view, viewer)
    if summary is not None:
        return summary
    if not legal:
        return None
    build = BUILDERS.get(view.phase)
    if build is None:
        return _choices(lay, view, legal)
    return build(lay, view, legal)


# -- the venture and its penalty ----------------------------------------------------------------
def _venture(lay, view, legal: list[Move]) -> Dialog:
    seat = legal[0].seat
    ok = set(legal)
    most_r = max(m.target for m in legal)
    most_c = max(m.choice for m in legal)
    defeated = len(view.zones[f"failed.{seat}"])
    note = "" if most_c else ("only with a Defeated card" if not defeated
                              else "none Completed yet")
    start = (1, 0) if Move("venture", seat, None, 1, 0) in ok else (legal[0].target,
                                                                    legal[0].choice)
    them = other(seat)
    lines = [(f"Your missions: Reserve {len(view.zones[f'missions.{seat}'])}, Completed "
              f"{len(view.zones[f'completed.{seat}'])}, Defeated {defeated}", theme.TEXT)]
    riding = len(view.zones[f"risk_reserve.{seat}"]) + len(view.zones[f"risk_completed.{seat}"])
    if riding:
        lines.append((f"{riding} card(s) already ride on this battle from the drawn one",
                      theme.MUTED))
    theirs = len(view.zones[f"risk_reserve.{them}"]) + len(view.zones[f"risk_completed.{them}"])
    if theirs:
        lines.append((f"{seat_label(them)} has {theirs} card(s) on this battle", theme.MUTED))

    def resolve(values: tuple) -> tuple[Move | None, list]:
        r, c = values
        move = Move("venture", seat, None, r, c)
        if move not in ok:
            return None, [("Venture at least one card.", theme.BAD)]
        out = [(f"Win: {r} from Reserve go to Completed" + (
            f"; the {c} from Completed stay and bring cards up from Defeated" if c else ""),
            theme.GOOD),
            (f"Lose: {r} go to Defeated" + (f"; {c} drop back to Reserve" if c else ""),
             theme.BAD)]
        penalty = penalty_for(view, seat, r + c)
        if penalty:
            out.append((f"Over two cards: {seat_label(them)} may draw {penalty} card(s) at "
                        "once", theme.ACCENT))
        return move, out

    return Dialog(("venture", view.battle, seat), f"Venture mission cards on battle "
                  f"{view.battle}", lines,
                  steppers=[Stepper("From Reserve Missions", 0, most_r, start[0]),
                            Stepper("From Completed", 0, most_c, start[1], note)],
                  moves=tuple(legal), resolve=resolve, confirm="Venture",
                  area=lay.action_area.inflate(0, lay.S(120)), width=530)


def _penalty(lay, view, legal: list[Move]) -> Dialog:
    seat = legal[0].seat
    most = max(m.choice for m in legal)
    them = other(seat)

    def resolve(values: tuple) -> tuple[Move | None, list]:
        return Move("penalty", seat, choice=values[0]), []

    ventured = view.ventured_now[them]
    return Dialog(("penalty", view.battle, seat), "Penalty draws",
                  [(f"{seat_label(them)} ventured {ventured} cards: you may draw up to "
                    f"{most} now (each is checked for duplicates as it comes).", theme.TEXT)],
                  steppers=[Stepper("Cards to draw", 0, most, most)], moves=tuple(legal),
                  resolve=resolve, confirm="Draw", area=lay.action_area, width=440)


def _concede(lay, view, legal: list[Move]) -> Dialog:
    seat = legal[0].seat
    riding = len(view.zones[f"risk_reserve.{seat}"]) + len(view.zones[f"risk_completed.{seat}"])
    return Dialog(("concede", view.battle, seat), "Fight this battle, or concede it?",
                  [(f"Conceding gives the battle to {seat_label(other(seat))}: your "
                    f"{riding} ventured card(s) go down the ladder.", theme.TEXT)],
                  actions=[Action("Fight", Move("fight", seat), True),
                           Action("Concede", Move("concede", seat))],
                  moves=tuple(legal), area=lay.action_area, width=440)


# -- the fight ------------------------------------------------------------------------------------
def taking(view, attack) -> str:
    """What taking the hit would do to the attacked character."""
    ch = attack.target
    worth = sum(view.info[c].value for c in attack.hits)
    now, limit = cumulative(view, ch), ko_at(view, ch)
    fixed, _ = spectrum(view, ch)
    types = set(fixed)
    for c in attack.hits:
        ts = view.info[c].types
        if len(ts) == 1 and ts[0] not in view.info[ch].profile.ignores:
            types.add(ts[0])
    line = f"Taking it: {view.name(ch)} \u03a3 {now} \u2192 {now + worth} of {limit}"
    if len(types) > len(fixed):
        line += " \u00b7 types " + " ".join(LETTERS[t] for t in sorted(types))
    if now + worth >= limit or len(types) >= SPECTRUM_KO:
        line += " \u2014 KO!"
    return line


def _defence(lay, view, legal: list[Move]) -> Dialog:
    a = view.attack
    seat = legal[0].seat
    takes = [m for m in legal if m.kind == "take"]
    need = f"{a.value} or more" if a.value is not None else \
        "a Special that avoids or negates it"
    if len(legal) == len(takes):
        how = "no card of yours can stop it: take the hit."
    else:
        how = f"drag a card onto {view.name(a.target)} (those that can are lit), or take " \
              "the hit."
    lines = [(f"Defend with {need}: {how}", theme.TEXT), (taking(view, a), theme.BAD)]
    value = "no value" if a.value is None else str(a.value)
    return Dialog(("defence", len(view.zones["combat"]), a.target, seat),
                  f"{view.name(a.actor)} attacks {view.name(a.target)}: {value}", lines,
                  actions=[Action("Take the hit", m, True) for m in takes],
                  moves=tuple(takes), area=_beside_places(lay, legal), width=380,
                  accent=theme.BAD)


def _beside_places(lay, legal: list[Move]):
    """The prompt's area for a dialog: over the places column too while no legal move is
    dragged from there or dropped there (an Aspect defending, a Location attacked), so the
    dialog is wide enough to read; else beside the column, which stays in reach."""
    column = lay.places_rect
    if not column.w:
        return lay.prompt_area
    there = {sp.card for sp in lay.sprites if sp.card >= 0 and sp.rect.colliderect(column)}
    gestures = lay.scene.kit.gestures
    for m in legal:
        if there & {*gestures.carriers(m), gestures.landing(m)}:
            return lay.prompt_area
    return lay.prompt_wide


def _follow(lay, view, legal: list[Move]) -> Dialog | None:
    buttons = [m for m in legal if lay.scene.kit.gestures.gesture(m) == "button"]
    prompt = lay.scene.game.text.status(view, legal[0].seat)
    title = prompt.split(": ", 1)[-1]
    lines = [("Drag the next card onto an opposing character (the cards that can glow).",
              theme.TEXT)]
    text = lay.scene.game.text
    return Dialog(("follow", view.chain, len(view.zones["combat"])), title, lines,
                  actions=[Action(text.describe(view, m), m, True) for m in buttons],
                  moves=tuple(buttons), area=_beside_places(lay, legal), width=420)


# -- choices of cards -----------------------------------------------------------------------------
def _choices(lay, view, legal: list[Move]) -> Dialog | None:
    picks = [m for m in legal if m.kind in PICKED and m.card is not None and m.card >= 0]
    names = [m for m in legal if m.kind == "name"]
    if not picks and not names:
        return None
    text = lay.scene.game.text
    gesture = lay.scene.kit.gestures.gesture
    others = [m for m in legal if m not in picks and gesture(m) == "button"]
    kind = picks[0].kind if picks else "name"
    title = TITLES.get(kind, "Name a power type")
    lines = [(text.status(view, legal[0].seat).split(": ", 1)[-1], theme.MUTED)]
    if kind == "keep":
        lines = [("Cards Placed on your Front Line count as part of your hand.", theme.MUTED)]
    actions = [Action(m.choice.capitalize() if m.kind == "name" else text.describe(view, m),
                      m, m.kind != "name") for m in names + others]
    return Dialog((kind, view.battle, tuple(picks), len(legal)), title, lines,
                  picks=[CardPick(m.card, m, _caption(view, m)) for m in picks],
                  actions=actions, moves=tuple(picks + names + others),
                  area=lay.action_area.inflate(0, lay.S(160)), width=620)


def _caption(view, m: Move) -> str:
    word = CAPTIONS.get(m.kind, m.kind)
    if m.kind == "heal" and m.target is not None:
        return f"{word} from {view.name(m.target)}"
    return word


# -- the end-of-battle summary --------------------------------------------------------------------
def _summary(lay, view, viewer: int | None) -> Dialog | None:
    if viewer is None or not view.summary or view.over or view.phase not in BETWEEN:
        return None
    key = (viewer, view.battle, view.summary)
    if key in lay.seen:
        return None
    before, after = _battle_end(lay.scene.session, view.summary)
    seats = tuple(f"{seat_label(p)}: " for p in (0, 1))
    lines = [(line, theme.TEXT) for line in view.summary[1:]
             if before is None or not line.startswith(seats)]
    if before is not None:
        lines += _ladders(before, after, view.summary) + _hits_lines(before)
    lines.append((f"Next battle: {seat_label(view.first)} goes first", theme.ACCENT))
    return Dialog(key, view.summary[0], lines,
                  actions=[Action("Continue", None, True, lambda: lay.seen.add(key))],
                  modal=True, width=640)


def _battle_end(session, summary: tuple):
    """The states just before and after the move that ended the battle."""
    states = session.states
    for i in range(len(states) - 1, 0, -1):
        if states[i].summary == summary and states[i - 1].summary != summary:
            return states[i - 1], states[i]
    return None, None


def _piles(s, seat: int) -> tuple[int, int, int]:
    """Completed, Reserve and Defeated, ventured cards counted in the pile they came
    from."""
    z = s.zones
    return (len(z[f"completed.{seat}"]) + len(z[f"risk_completed.{seat}"]),
            len(z[f"missions.{seat}"]) + len(z[f"risk_reserve.{seat}"]),
            len(z[f"failed.{seat}"]))


def _ladders(before, after, summary: tuple) -> list:
    """Each player's ladder moves (the rules' words) and the three piles before and
    after them."""
    out = []
    for seat in (0, 1):
        label = seat_label(seat)
        moves = next((line[len(label) + 2:].split(" (")[0] for line in summary
                      if line.startswith(f"{label}: ")), "nothing moves (a draw)")
        parts = [f"{name} {a} \u2192 {b}" if a != b else f"{name} {b}"
                 for name, a, b in zip(("Completed", "Reserve", "Defeated"),
                                       _piles(before, seat), _piles(after, seat),
                                       strict=True)]
        out.append((f"{label}: {moves}", theme.SEAT_COLORS[seat]))
        out.append(("    " + " \u00b7 ".join(parts) + f" (of {MISSION_SIZE})",
                    theme.SEAT_COLORS[seat]))
    return out


def _hits_lines(before) -> list:
    out = []
    for seat in (0, 1):
        hits = before.zones[f"hits.{other(seat)}"]
        if not hits:
            continue
        words = ", ".join(f"{before.name(c)} on {before.name(before.attached[c])}"
                          for c in hits)
        out.append((f"{seat_label(seat)} hit: {words}", theme.MUTED))
    return out


BUILDERS = {"venture": _venture, "penalty": _penalty, "concede": _concede,
            "defence": _defence, "follow-up": _follow}
