"""The seven steps of a turn, Weakness, securing a location and the end of the turn.

Each handler is a task (see :mod:`.tasks`). A turn is queued as ``begin`` -> ``flip``
(step 1) -> ``fill`` (2) -> ``draw`` (3) -> ``reveal`` (4) -> ``villains`` (5) ->
``main`` (6: the queue is empty and the player acts); the player's *end* move queues
``attack_row`` (7) -> ``cleanup`` -> ``begin``.
"""

from __future__ import annotations

from .cards import TYPE_LABEL, matches
from .state import SoloState
from .tasks import PRIVATE, game_over, names, plural, push, task

HAND_SIZE = 5
WEAKNESS_LOSS = 4
STEP_NAMES = {0: "Set-up", 1: "New location", 2: "Resource row", 3: "Draw",
              4: "Supervillain", 5: "Villains arrive", 6: "Your turn", 7: "Villains attack"}


# -- the start of a turn --------------------------------------------------------------------
@task("begin")
def begin(s: SoloState, _t: tuple) -> None:
    s.turn += 1
    s.power = 0
    s.used = []
    s.hero_uses = 0
    s.new_location = False
    s.cap_lifted = False
    s.say(f"Turn {s.turn}")
    push(s, ("flip",), ("fill",), ("draw",), ("reveal",), ("villains",), ("main",))


@task("flip")
def flip(s: SoloState, _t: tuple) -> None:
    s.step = 1
    s.phase = "step-1"
    if s.location is not None:
        return
    card = s.draw("location_stack", "location")
    if card is None:  # pragma: no cover - the game is won when the stack runs out
        return
    s.new_location = True
    inf = s.info[card]
    s.say(f"Step 1: new location {inf.name} \u2014 resource row {inf.resource_max}, "
          f"battleground {inf.battleground_max}, supervillain +{inf.modifier}")
    if s.cards[card].text:
        s.say(f"{inf.name} condition: {s.cards[card].text}")


@task("fill")
def fill(s: SoloState, _t: tuple) -> None:
    s.step = 2
    s.phase = "step-2"
    loc = s.loc_info()
    want = loc.resource_max
    row = s.zones["row"]
    trimmed = []
    while len(row) > want:
        card = row.pop()
        s.zones["resource_discard"].append(card)
        trimmed.append(card)
    if trimmed:
        s.say(f"Step 2: {loc.name} holds {want} resources: {names(s, trimmed)} discarded "
              "from the right of the row")
    added = []
    deck = s.zones["resources"]
    while len(row) < want:
        if not deck:
            if added:
                s.say(f"Step 2: {names(s, added)} added to the resource row")
            game_over(s, False, f"Step 2: the resources deck is empty and the row needs "
                      f"{plural(want - len(row), 'more card')}: you lose.")
            return
        card = deck.pop()
        s.place(card, "row", newest_left=True)
        s.reveals += 1
        added.append(card)
    if added:
        s.say(f"Step 2: {names(s, added)} added on the left of the resource row "
              f"({plural(len(deck), 'card')} left in the resources deck)")


def draw_cards(s: SoloState, n: int) -> list[int]:
    """Draw ``n`` cards (the discard pile is shuffled in when the deck runs out)."""
    out = []
    for _ in range(n):
        if not s.zones["deck.0"] and s.zones["discard.0"]:
            s.say("Your deck is empty: the discard pile is shuffled to make a new one")
        card = s.draw("deck.0", "hand.0", reshuffle_from="discard.0")
        if card is None:
            break
        out.append(card)
    return out


@task("draw")
def draw(s: SoloState, _t: tuple) -> None:
    s.step = 3
    s.phase = "step-3"
    drawn = draw_cards(s, HAND_SIZE)
    short = "" if len(drawn) == HAND_SIZE else f" (only {len(drawn)} left)"
    s.say(f"Step 3: you draw {names(s, drawn) or 'nothing'}{short}", only=PRIVATE)
    weak = sum(1 for c in drawn if s.info[c].kind == "weakness")
    if weak >= WEAKNESS_LOSS:
        game_over(s, False, f"Step 3: {weak} Weakness cards among the five you drew: "
                  "you lose.")
        return
    if s.later_draws:
        n, s.later_draws = s.later_draws, 0
        more = draw_cards(s, n)
        s.say(f"Step 3: {plural(n, 'more card')} owed by Defense cards and powers: "
              f"{names(s, more) or 'none left'}", only=PRIVATE)


@task("reveal")
def reveal(s: SoloState, _t: tuple) -> None:
    s.step = 4
    s.phase = "step-4"
    if s.supervillain is not None:
        return
    card = s.draw("sv_stack", "supervillain")
    if card is None:  # pragma: no cover - as many supervillains as locations
        return
    inf = s.info[card]
    loc = s.loc_info()
    cost = f"cost {inf.cost} + {loc.modifier} here" if loc else f"cost {inf.cost}"
    if s.turn == 1:
        s.say(f"Step 4: supervillain {inf.name} is revealed ({cost}); no attack on the "
              "first turn")
        return
    s.say(f"Step 4: supervillain {inf.name} is revealed ({cost}) and attacks")
    push(s, *(("attack", card, i) for i in range(len(inf.attack))))


@task("villains")
def villains(s: SoloState, _t: tuple) -> None:
    s.step = 5
    s.phase = "step-5"
    if s.turn == 1:
        return
    loc = s.loc_info()
    count = 1
    more = loc.conditions("more_villains_if_empty")
    if more and not s.zones["battleground"]:
        count += more[0]["count"]
        s.say(f"{loc.name} condition: the battleground is empty, so {count} villains "
              "arrive instead of 1")
    extra = len(s.zones["secured.0"]) if s.new_location else 0
    if extra:
        s.cap_lifted = True
        s.say(f"Step 5: a new location and {plural(extra, 'location')} in your Secured "
              f"stack: {plural(extra, 'more villain')}, and the battleground may hold more "
              f"than {loc.battleground_max} this turn")
    push(s, *([("enter", "Step 5")] * (count + extra)), ("overflow",))


@task("enter")
def enter(s: SoloState, t: tuple) -> None:
    """A villain from the enemy deck joins the battleground on the left and attacks."""
    enemy = s.zones["enemy"]
    if not enemy and s.zones["defeated"]:
        n = len(s.zones["defeated"])
        s.say(f"The enemy deck is empty: {plural(n, 'defeated villain')} shuffled into a "
              "new enemy deck")
        s.reshuffle("defeated", "enemy")
    if not enemy:
        s.say(f"{t[1]}: no villain is left to join the battleground")
        return
    card = enemy.pop()
    s.place(card, "battleground", newest_left=True)
    s.reveals += 1
    inf = s.info[card]
    s.say(f"{t[1]}: {inf.name} (cost {inf.cost}) joins the battleground on the left"
          + (" and attacks" if inf.attack else ""))
    push(s, *(("attack", card, i) for i in range(len(inf.attack))))


@task("overflow")
def overflow(s: SoloState, _t: tuple) -> None:
    loc = s.loc_info()
    cap = loc.battleground_max
    bg = s.zones["battleground"]
    if len(bg) <= cap:
        return
    if s.cap_lifted:
        s.say(f"Step 5: {len(bg)} villains in a battleground for {cap}: allowed this turn")
        return
    out = []
    while len(bg) > cap:
        card = bg.pop()
        s.zones["defeated"].append(card)
        out.append(card)
    s.say(f"Step 5: {loc.name} holds {cap} villains: {names(s, out)} pushed out from the "
          f"right to the defeated pile, {plural(len(out), 'Weakness', 'Weaknesses')} for you")
    push(s, *(("weakness", f"{s.name(c)} was pushed out of the battleground") for c in out))


@task("main")
def main(s: SoloState, _t: tuple) -> None:
    s.step = 6
    s.phase = "step-6"


# -- step 7 and the end of the turn --------------------------------------------------------
@task("attack_row")
def attack_row(s: SoloState, _t: tuple) -> None:
    s.step = 7
    s.phase = "step-7"
    n = len(s.zones["battleground"])
    row = s.zones["row"]
    lost = []
    while row and len(lost) < n:
        card = row.pop()
        s.zones["resource_discard"].append(card)
        lost.append(card)
    if n == 0:
        s.say("Step 7: no villains, so the resource row is safe")
    else:
        s.say(f"Step 7: {plural(n, 'villain')} {'attacks' if n == 1 else 'attack'} the "
              "resource row: "
              f"{names(s, lost) or 'nothing'} discarded from the right")
    excess = n - len(lost)
    if excess > 0:
        s.say(f"Step 7: {plural(excess, 'villain')} more than the resources: "
              f"{plural(excess, 'Weakness', 'Weaknesses')} for you")
    push(s, *([("weakness", "a villain found no resource to destroy")] * excess),
         ("after_attack",))


@task("after_attack")
def after_attack(s: SoloState, _t: tuple) -> None:
    loc = s.loc_info()
    if loc is None:
        return
    for cond in loc.conditions("destroy_row_after_attack"):
        row = s.zones["row"]
        gone = [c for c in row if matches(s.info[c], cond["match"])]
        for card in gone:
            row.remove(card)
            s.zones["destroyed"].append(card)
        what = " or ".join(TYPE_LABEL[t] for t in dict(cond["match"]).get("type", ()))
        if gone:
            s.say(f"{loc.name} condition: {plural(len(gone), (what + ' card').strip())} "
                  f"destroyed after the villains' attack: {names(s, gone)}")
        else:
            s.say(f"{loc.name} condition: no {what or 'card'} left in the row to destroy")


@task("cleanup")
def cleanup(s: SoloState, _t: tuple) -> None:
    """After step 7: hand and played cards to the discard pile; borrowed cards go back."""
    discard = s.zones["discard.0"]
    for card in s.borrowed:
        s.zones["played.0"].remove(card)
        s.zones["resources"].append(card)
        s.say(f"{s.name(card)} goes back on top of the resources deck")
    s.borrowed = []
    discard.extend(s.zones["played.0"])
    discard.extend(s.zones["hand.0"])
    s.zones["played.0"] = []
    s.zones["hand.0"] = []
    s.power = 0


# -- Weakness ---------------------------------------------------------------------------------
def defense_cards(s: SoloState) -> list[int]:
    return [c for c in s.zones["hand.0"] if s.info[c].defense is not None]


@task("weakness")
def weakness(s: SoloState, t: tuple) -> None:
    """The player would take a Weakness: a Defense card in hand may prevent it."""
    if not s.zones["weaknesses"]:
        s.say(f"No Weakness is left in the stack ({t[1]}): none is taken")
        return
    if defense_cards(s):
        s.pending = ("defend", t[1])
        return
    take_weakness(s, t[1])


def take_weakness(s: SoloState, reason: str) -> None:
    card = s.zones["weaknesses"].pop()
    s.zones["discard.0"].append(card)
    s.say(f"You take a Weakness ({reason}); it goes to your discard pile")


# -- securing a location ------------------------------------------------------------------------
@task("free_defeat")
def free_defeat(s: SoloState, _t: tuple) -> None:
    bg = s.zones["battleground"]
    if not bg:
        s.say("No villain in the battleground to defeat for free")
    elif len({s.info[c].id for c in bg}) == 1:
        defeat_free(s, bg[-1])
    else:
        s.pending = ("free_defeat",)


def defeat_free(s: SoloState, card: int) -> None:
    s.zones["battleground"].remove(card)
    s.zones["defeated"].append(card)
    s.say(f"You defeat {s.name(card)} for free (securing the location)")
    push(s, ("trigger", "defeat", card))


@task("secure")
def secure(s: SoloState, t: tuple) -> None:
    s.pending = ("secure", t[1])


def place_location(s: SoloState, loc: int, as_hq: bool) -> None:
    s.zones["location"].remove(loc)
    if as_hq:
        old = s.zones["hq.0"]
        if old:
            s.say(f"{s.name(old[0])} leaves your HQ for the Secured stack")
            s.zones["secured.0"].append(old.pop())
        old.append(loc)
        s.say(f"{s.name(loc)} becomes your HQ")
    else:
        s.zones["secured.0"].append(loc)
        s.say(f"{s.name(loc)} goes to your Secured stack "
              f"({plural(len(s.zones['secured.0']), 'location')} there)")
    if not s.zones["location_stack"]:
        game_over(s, True, f"You secured the fifth location ({s.name(loc)}): you win!")
