"""The Solo Deck-Builder's sequence of play on the shared turn model: the superhero, then
the seven steps of every turn as queued steps, and the player's step 6 as a decision.

==========  ==============================================================================
set-up      ``setup``: the superhero (chosen, or at random), then the first ``turn``
turn        ``turn``: a new turn; step 1 ``flip`` (a new location if none is active),
            step 2 ``fill`` (the resource row), step 3 ``draw`` (five cards, then those
            owed), step 4 ``reveal`` (the supervillain and its attack), step 5
            ``villains`` (arrivals, their attacks, ``overflow``), step 6 ``main`` (the
            player plays, buys, defeats, then ends), step 7 ``attack_row`` (the villains
            eat the row; ``after_attack``), then ``cleanup`` and the next ``turn``
==========  ==============================================================================

Attacks, Weaknesses and the abilities the player's moves set off are steps too
(:mod:`.reactions`), as is securing a location (:mod:`.securing`); each writes a log
line saying what the game did and why.
"""

from __future__ import annotations

from ...engine.effects import effects_with
from ...engine.flow import Decision, decide, push
from ...engine.moves import Move
from .effects import SoloEffects
from .flow import FLOW, game_over
from .legal import main_moves
from .log import PRIVATE, names, plural
from .reactions import if_condition, play_steps, set_off
from .securing import securing_steps
from .state import SoloState

HAND_SIZE = 5
WEAKNESS_LOSS = 4
STEP_NAMES = {0: "Set-up", 1: "New location", 2: "Resource row", 3: "Draw",
              4: "Supervillain", 5: "Villains arrive", 6: "Your turn", 7: "Villains attack"}
#: the decision of step 6 (the player's turn)
MAIN = "main"


# -- set-up: the superhero -----------------------------------------------------------------
@FLOW.step("setup")
def setup(s: SoloState) -> None:
    heroes = s.zones["superheroes"]
    if s.options.get("superhero") == "random" or len(heroes) == 1:
        take_hero(s, heroes[s.randint(len(heroes))])
    else:
        decide(s, "hero", 0)


@FLOW.decision("hero", lambda s, d: [Move("hero", 0, c, "hero.0")
                                     for c in s.zones["superheroes"]])
def hero_chosen(s: SoloState, d: Decision, m: Move) -> None:
    take_hero(s, m.card)


def take_hero(s: SoloState, card: int) -> None:
    s.zones["superheroes"].remove(card)
    s.zones["hero.0"].append(card)
    s.zones["box"].extend(s.zones["superheroes"])
    s.zones["superheroes"] = []
    s.say(f"Your superhero: {s.name(card)} \u2014 {s.info[card].ability.text}")
    push(s, ("turn",))


# -- a new turn ----------------------------------------------------------------------------
@FLOW.step("turn")
def turn(s: SoloState) -> None:
    s.turn += 1
    s.power = 0
    s.used = ()
    s.hero_uses = 0
    s.new_location = False
    s.cap_lifted = False
    s.say(f"Turn {s.turn}")
    push(s, ("flip",), ("fill",), ("draw",), ("reveal",), ("villains",), ("main",))


# -- step 1: the location ------------------------------------------------------------------
@FLOW.step("flip")
def flip(s: SoloState) -> None:
    s.step = 1
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


# -- step 2: the resource row --------------------------------------------------------------
@FLOW.step("fill")
def fill(s: SoloState) -> None:
    """Trim the row from the right to the location's size, then fill it from the left;
    the game is lost when the resources deck cannot fill it."""
    s.step = 2
    loc = s.loc_info()
    want = loc.resource_max
    row = s.zones["row"]
    if len(row) > want:
        trimmed = row[want:][::-1]  # the rightmost first
        del row[want:]
        s.zones["resource_discard"].extend(trimmed)
        s.say(f"Step 2: {loc.name} holds {want} resources: {names(s, trimmed)} discarded "
              "from the right of the row")
    deck = s.zones["resources"]
    n = min(want - len(row), len(deck))
    added: list[int] = []
    if n > 0:  # one by one from the top of the deck, each on the left of the row
        added = deck[-n:][::-1]
        del deck[-n:]
        row[0:0] = added[::-1]
        s.reveals += n
    if len(row) < want:
        if added:
            s.say(f"Step 2: {names(s, added)} added to the resource row")
        game_over(s, False, f"Step 2: the resources deck is empty and the row needs "
                  f"{plural(want - len(row), 'more card')}: you lose.")
    elif added:
        s.say(f"Step 2: {names(s, added)} added on the left of the resource row "
              f"({plural(len(deck), 'card')} left in the resources deck)")


# -- step 3: draw --------------------------------------------------------------------------
class HandDraw(SoloEffects):
    """Step 3's draws (the step words them)."""

    def report_draw(self, drawn: list[int], wanted: int) -> None:
        pass


@FLOW.step("draw")
def draw(s: SoloState) -> None:
    """Five cards; four Weaknesses among them lose; then the cards owed by Defense cards
    and powers."""
    s.step = 3
    hand = HandDraw(s, None, 0)
    drawn = hand.draw(HAND_SIZE)
    short = "" if len(drawn) == HAND_SIZE else f" (only {len(drawn)} left)"
    s.say(f"Step 3: you draw {names(s, drawn) or 'nothing'}{short}", only=PRIVATE)
    info = s.info
    weak = [info[c].kind for c in drawn].count("weakness")
    if weak >= WEAKNESS_LOSS:
        game_over(s, False, f"Step 3: {weak} Weakness cards among the five you drew: "
                  "you lose.")
        return
    if s.later_draws:
        n, s.later_draws = s.later_draws, 0
        more = hand.draw(n)
        s.say(f"Step 3: {plural(n, 'more card')} owed by Defense cards and powers: "
              f"{names(s, more) or 'none left'}", only=PRIVATE)


# -- step 4: the supervillain --------------------------------------------------------------
@FLOW.step("reveal")
def reveal(s: SoloState) -> None:
    s.step = 4
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


# -- step 5: the villains arrive -----------------------------------------------------------
@FLOW.step("villains")
def villains(s: SoloState) -> None:
    """One villain (more by the location's condition, and one per secured location when
    the location is new), each attacking as it arrives; then the overflow."""
    s.step = 5
    if s.turn == 1:
        return
    loc = s.location
    count = 1
    for more, e in effects_with(s.info[loc].condition, "arrivals"):
        count += more(SoloEffects(s, loc, 0), e)
    extra = len(s.zones["secured.0"]) if s.new_location else 0
    if extra:
        s.cap_lifted = True
        s.say(f"Step 5: a new location and {plural(extra, 'location')} in your Secured "
              f"stack: {plural(extra, 'more villain')}, and the battleground may hold more "
              f"than {s.info[loc].battleground_max} this turn")
    push(s, *([("enter", "Step 5")] * (count + extra)), ("overflow",))


@FLOW.step("enter")
def enter(s: SoloState, why: str) -> None:
    """A villain from the enemy deck joins the battleground on the left and attacks."""
    enemy = s.zones["enemy"]
    if not enemy and s.zones["defeated"]:
        n = len(s.zones["defeated"])
        s.say(f"The enemy deck is empty: {plural(n, 'defeated villain')} shuffled into a "
              "new enemy deck")
        s.reshuffle("defeated", "enemy")
    if not enemy:
        s.say(f"{why}: no villain is left to join the battleground")
        return
    card = enemy.pop()
    s.place(card, "battleground", newest_left=True)
    s.reveals += 1
    inf = s.info[card]
    s.say(f"{why}: {inf.name} (cost {inf.cost}) joins the battleground on the left"
          + (" and attacks" if inf.attack else ""))
    push(s, *(("attack", card, i) for i in range(len(inf.attack))))


@FLOW.step("overflow")
def overflow(s: SoloState) -> None:
    """Villains beyond the location's maximum are pushed out from the right, a Weakness
    each (unless the cap is lifted this turn)."""
    loc = s.loc_info()
    cap = loc.battleground_max
    bg = s.zones["battleground"]
    if len(bg) <= cap:
        return
    if s.cap_lifted:
        s.say(f"Step 5: {len(bg)} villains in a battleground for {cap}: allowed this turn")
        return
    out = bg[cap:][::-1]  # the rightmost first
    del bg[cap:]
    s.zones["defeated"].extend(out)
    s.say(f"Step 5: {loc.name} holds {cap} villains: {names(s, out)} pushed out from the "
          f"right to the defeated pile, {plural(len(out), 'Weakness', 'Weaknesses')} for you")
    push(s, *(("weakness", f"{s.name(c)} was pushed out of the battleground") for c in out))


# -- step 6: the player's turn -------------------------------------------------------------
@FLOW.step("main")
def main(s: SoloState) -> None:
    s.step = 6
    decide(s, MAIN, 0)


@FLOW.decision(MAIN, lambda s, d: main_moves(s))
def main_move(s: SoloState, d: Decision, m: Move) -> None:
    STEP_6[m.kind](s, m.card)


def play(s: SoloState, card: int) -> None:
    s.zones["hand.0"].remove(card)
    s.zones["played.0"].append(card)
    s.say(f"You play {s.name(card)}")
    push(s, *play_steps(s, card), ("main",))


def buy(s: SoloState, card: int) -> None:
    """A resource of the row or the top of the Haymaker pile goes to the discard pile."""
    zone = "row" if card in s.zones["row"] else "kicks"
    s.zones[zone].remove(card)
    s.zones["discard.0"].append(card)
    s.power -= s.info[card].cost
    s.say(f"You buy {s.name(card)} for {s.info[card].cost} Power ({s.power} left); "
          "it goes to your discard pile")
    push(s, *set_off(s, "buy", card), *if_condition(s, "punishes_gain", ("gained", card)),
         ("main",))


def defeat(s: SoloState, card: int) -> None:
    """A villain goes to the defeated pile; the supervillain leaves the game and its
    location is secured (:mod:`.securing`)."""
    if card != s.supervillain:
        s.power -= s.info[card].cost
        s.zones["battleground"].remove(card)
        s.zones["defeated"].append(card)
        s.say(f"You defeat {s.name(card)} for {s.info[card].cost} Power ({s.power} left)")
        push(s, *set_off(s, "defeat", card), ("main",))
        return
    cost = s.sv_cost()
    loc = s.location
    s.power -= cost
    s.zones["supervillain"].remove(card)
    s.zones["destroyed"].append(card)
    s.say(f"You defeat supervillain {s.name(card)} for {cost} Power ({s.power} left): "
          f"{s.name(loc)} is secured and {s.name(card)} leaves the game")
    push(s, *set_off(s, "defeat", card), *securing_steps(loc), ("main",))


def end(s: SoloState, _card: None) -> None:
    s.say(f"You end step 6 with {plural(s.power, 'unspent Power', 'unspent Power')}"
          if s.power else "You end step 6")
    push(s, ("attack_row",), ("cleanup",), ("turn",))


#: what each move of step 6 does
STEP_6 = {"play": play, "buy": buy, "defeat": defeat, "end": end}


# -- step 7: the villains attack the resource row ------------------------------------------
@FLOW.step("attack_row")
def attack_row(s: SoloState) -> None:
    """Each villain discards the rightmost resource; a Weakness for each villain beyond
    the resources."""
    s.step = 7
    n = len(s.zones["battleground"])
    row = s.zones["row"]
    lost = row[-n:][::-1] if n else []  # the rightmost first
    del row[len(row) - len(lost):]
    s.zones["resource_discard"].extend(lost)
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
         *if_condition(s, "after_attack", ("after_attack",)))


@FLOW.step("after_attack")
def after_attack(s: SoloState) -> None:
    """The active location's conditions that follow the attack."""
    loc = s.location
    for then, e in effects_with(s.info[loc].condition, "after_attack"):
        then(SoloEffects(s, loc, 0), e)


@FLOW.step("cleanup")
def cleanup(s: SoloState) -> None:
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
