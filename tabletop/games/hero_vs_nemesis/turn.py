"""Hero vs Nemesis's sequence of play on the shared turn model, as the two rule sheets
give it (docs/rulings.md, Hero vs Nemesis):

==============  ==============================================================================
set-up          the hero takes an Ace (``ace``), a King of another suit (``king``) and the
                Queens of the other two suits; the nemesis takes a 2 (``resource``) and
                says what it lost (``lost``)
hero's turn     1 fill the hand to five; 2 draw two conflicts (the nemesis may help or
                hinder: the ``meddle`` window, ``before``); 3 ``counter`` them (the window
                again ``after`` the hero is done); 4 tokens; 5 harm; 6 two conflicts
                standing destroy everyone, else the turn passes
nemesis's turn  1 ``scavenge``; 2 draw a scheme; 3 ``plot`` cards to complete schemes;
                4 a showdown (``stake``, then the hero's ``answer``); bad press brings
                played cards back (``return``); 5 the rest is discarded, the turn passes
==============  ==============================================================================

The deck running out ends the game at once: the hero wins.
"""

from __future__ import annotations

from ...engine.flow import Decision, Flow, decide, finish, push
from ...engine.moves import Move
from . import legal
from . import reckoning as rk
from .state import HERO, LOSSES, NEMESIS, WINS_NEEDED, HvNState

HAND_SIZE = 5
SHOWDOWN_HAND = 3
FLOW = Flow("hero-vs-nemesis")
#: log lines only the hero or only the nemesis reads
ONLY_HERO, ONLY_NEMESIS = frozenset({HERO}), frozenset({NEMESIS})


def hero_draws(s: HvNState, count: int) -> int:
    """The hero draws up to ``count`` cards (fewer if the deck runs out); returns how many
    there were. The hero reads the cards, the nemesis only how many."""
    drawn = []
    for _ in range(count):
        c = s.draw("deck", "hand.0")
        if c is None:
            break
        drawn.append(c)
    if drawn:
        n = len(drawn)
        s.say(f"You draw {', '.join(s.name(c) for c in drawn)}", only=ONLY_HERO)
        s.say(f"The hero draws {n} card{'s' if n > 1 else ''}")
    return len(drawn)


# -- set-up -----------------------------------------------------------------------------------
def start(s: HvNState) -> None:
    """Both set up, then the hero goes first."""
    FLOW.start(s, ("hero_setup",), ("nemesis_setup",), ("hero_turn",))


@FLOW.step("hero_setup")
def hero_setup(s: HvNState) -> None:
    """An Ace (the greatest power), then a King of another suit; the Queens follow."""
    push(s, ("offer", HERO, "A", "ace"), ("offer", HERO, "K", "king"))


@FLOW.step("offer")
def offer(s: HvNState, seat: int, rank: str, kind: str) -> None:
    """Lay out the cards of ``rank``, one of each suit ``seat`` does not hold yet; the seat
    takes one (decision ``kind``)."""
    seen = {s.info[c].suit for c in s.zones[f"hand.{seat}"]}
    for c in sorted(s.zones["deck"]):
        inf = s.info[c]
        if inf.rank == rank and inf.suit not in seen:
            seen.add(inf.suit)
            s.move_card(c, "deck", f"offer.{seat}")
    decide(s, kind, seat)


def _offer_options(s: HvNState, d: Decision) -> list[Move]:
    return legal.offer_moves(s, d.kind, d.seat)


def take_offer(s: HvNState, m: Move) -> None:
    """The chosen card goes to the hand, the others back into the deck (shuffled)."""
    offered = f"offer.{m.seat}"
    s.move_card(m.card, offered, f"hand.{m.seat}")
    s.zones["deck"].extend(s.zones[offered])
    s.zones[offered] = []
    s.shuffle(s.zones["deck"])
    s.reveals += 1


@FLOW.decision("ace", _offer_options)
def took_ace(s: HvNState, d: Decision, m: Move) -> None:
    inf = s.info[m.card]
    take_offer(s, m)
    s.say(f"You take the {inf.name}: {inf.power} is your greatest power", only=ONLY_HERO)
    s.say("The hero chooses a greatest power (an Ace, kept hidden)")


@FLOW.decision("king", _offer_options)
def took_king(s: HvNState, d: Decision, m: Move) -> None:
    """The King, and the Queens of the two suits left follow."""
    inf = s.info[m.card]
    take_offer(s, m)
    taken = {s.info[c].suit for c in s.zones["hand.0"]}
    queens = []
    for c in sorted(s.zones["deck"]):
        q = s.info[c]
        if q.rank == "Q" and q.suit not in taken:
            taken.add(q.suit)
            s.move_card(c, "deck", "hand.0")
            queens.append(q)
    s.shuffle(s.zones["deck"])
    powers = ", ".join(f"{q.power} ({q.name})" for q in queens)
    s.say(f"You take the {inf.name} ({inf.power}) and the Queens: {powers}", only=ONLY_HERO)
    s.say("The hero takes a King and two Queens: four powers, four different suits "
          "(kept hidden)")


@FLOW.step("nemesis_setup")
def nemesis_setup(s: HvNState) -> None:
    """A 2 (the first resource), then what the hero took from the nemesis."""
    s.current = NEMESIS
    push(s, ("offer", NEMESIS, "2", "resource"), ("lost",))


@FLOW.decision("resource", _offer_options)
def took_resource(s: HvNState, d: Decision, m: Move) -> None:
    inf = s.info[m.card]
    take_offer(s, m)
    s.say(f"You take the {inf.name}: you start with {inf.resource.lower()}", only=ONLY_NEMESIS)
    s.say("The nemesis picks a first resource (a 2, kept hidden)")


@FLOW.step("lost")
def ask_lost(s: HvNState) -> None:
    decide(s, "lost", NEMESIS)


@FLOW.decision("lost", lambda s, d: legal.lost_moves())
def chose_loss(s: HvNState, d: Decision, m: Move) -> None:
    s.lost = int(m.choice)
    s.say(f"The nemesis lost their {LOSSES[s.lost]} because of the hero")


# -- the hero's turn --------------------------------------------------------------------------
@FLOW.step("hero_turn")
def hero_turn(s: HvNState) -> None:
    """1 fill the hand, 2 two conflicts, then the nemesis may meddle, 3 the hero counters,
    4-5 tokens and harm, 6 the end of the turn."""
    s.turn += 1
    s.current = HERO
    s.say(f"Turn {s.turn}: the hero")
    push(s, ("fill",), ("conflicts",), *FACING_CONFLICTS)


#: the hero's turn once the conflicts are on the table (a scenario position starts here)
FACING_CONFLICTS = (("window", "meddle", (NEMESIS,), "before"), ("counter",), ("aftermath",),
                    ("two_standing",), ("pass_turn", NEMESIS))


@FLOW.step("fill")
def fill(s: HvNState) -> None:
    """Step 1: fill the hand to five."""
    need = HAND_SIZE - len(s.zones["hand.0"])
    if need > 0 and hero_draws(s, need) < need:
        deck_out(s)


@FLOW.step("conflicts")
def conflicts(s: HvNState) -> None:
    """Step 2: two cards face up as this turn's conflicts."""
    for _ in range(2):
        c = s.draw("deck", "conflicts")
        if c is None:
            deck_out(s)
            return
        inf = s.info[c]
        worth = f"needs {inf.needs} cards" if inf.needs else f"value {inf.value}"
        s.say(f"Conflict: {inf.label} ({inf.name}, {worth})")


# help or hinder: a response window of the nemesis's, before and after the hero counters
PASS = Move("pass", NEMESIS)


def _meddle_options(s: HvNState, d: Decision) -> list[Move]:
    out = legal.meddles(s)
    out.append(PASS)
    return out


@FLOW.decision("meddle", _meddle_options,
               offered=lambda s, seat, stage: legal.window_useful(s, stage))
def meddled(s: HvNState, d: Decision, m: Move) -> None:
    stage = d.data[1]
    if m.kind == "pass":
        if stage == "before":
            s.say("The nemesis watches from the shadows")
        else:
            s.say("The nemesis does not interfere any further")
        FLOW.pass_window(s, d)
        return
    if m.kind == "hinder":
        hinder(s, m)
    else:
        help_hero(s, m)
    push(s, ("window", "meddle", (NEMESIS,), stage))  # again, while it can still matter


def nemesis_plays(s: HvNState, c: int, dst: str, target, role: str) -> str:
    """Move a card the nemesis plays; returns how the log names it."""
    src = "support.1" if c in s.zones["support.1"] else "hand.1"
    s.move_card(c, src, dst)
    if target is not None:
        s.attached[c] = target
    s.role[c] = role
    inf = s.info[c]
    if src == "support.1":
        s.weak.add(c)
        return f"the {inf.name} from the support pile (worth 1)"
    return f"{inf.resource.lower()} ({inf.name}, worth {inf.value})"


def hinder(s: HvNState, m: Move) -> None:
    was = rk.is_countered(s, m.target)
    what = nemesis_plays(s, m.card, "counters", m.target, "hinder")
    tinf = s.info[m.target]
    now = rk.tally(s, m.target)
    s.say(f"The nemesis hinders the hero: {what} raise the {tinf.conflict} to {now.total}")
    if was and not now.countered:
        s.say(f"The {tinf.conflict} is no longer countered ({now.counter} against "
              f"{now.total})")


def help_hero(s: HvNState, m: Move) -> None:
    what = nemesis_plays(s, m.card, "counters", m.target, "help")
    s.say(f"The nemesis steps in on the hero's side of the {s.info[m.target].conflict}: "
          f"{what}")
    report_conflict(s, m.target)


# step 3: counter the conflicts
@FLOW.step("counter")
def counter(s: HvNState) -> None:
    """Counter every conflict or play the whole hand."""
    if s.zones["hand.0"] and not legal.all_countered(s):
        decide(s, "counter", HERO)


@FLOW.decision("counter", lambda s, d: legal.counter_moves(s))
def countered(s: HvNState, d: Decision, m: Move) -> None:
    if m.kind == "switch":
        switch(s, m)
    else:
        play_counter(s, m)
    if s.zones["hand.0"] and not legal.all_countered(s):
        decide(s, "counter", HERO)  # not done yet
    else:
        # the nemesis may turn a conflict around now, and if that leaves one standing
        # the hero goes on
        push(s, ("window", "meddle", (NEMESIS,), "after"), ("counter",))


def play_counter(s: HvNState, m: Move) -> None:
    c, t = m.card, m.target
    s.move_card(c, "hand.0", "counters")
    s.attached[c] = t
    s.role[c] = "counter"
    inf, tinf = s.info[c], s.info[t]
    s.say(f"The hero uses {inf.power} ({inf.name}) against the {tinf.conflict}")
    report_conflict(s, t)


def report_conflict(s: HvNState, t: int) -> None:
    tinf = s.info[t]
    now = rk.tally(s, t)
    if tinf.needs:
        tally = f"{now.cards} of the {tinf.needs} cards it needs"
    else:
        tally = f"{now.counter} against {now.total}"
    if now.joker:
        s.say(f"The {tinf.conflict} is countered: the hero relies on plain humanity")
    elif now.countered:
        s.say(f"The {tinf.conflict} is countered ({tally})")
    else:
        s.say(f"The {tinf.conflict} is not countered yet ({tally})")


def switch(s: HvNState, m: Move) -> None:
    """A token of popular support switches a card of the hand for the deck's top card."""
    s.popular -= 1
    s.move_card(m.card, "hand.0", "discard")
    s.say(f"The hero spends a token of popular support to switch the {s.name(m.card)} "
          "for a new card")
    hero_draws(s, 1)


# steps 4-5: tokens and harm; the countered conflicts are set aside
@FLOW.step("aftermath")
def aftermath(s: HvNState) -> None:
    """Tokens; then each countered conflict is set aside with the cards on it, but for the
    hero's cards that harm (they go to the nemesis's support pile)."""
    conflicts = list(s.zones["conflicts"])
    done = {c: rk.hero_cards(s, c) for c in conflicts if rk.is_countered(s, c)}
    left = [c for c in conflicts if c not in done]
    tokens(s, done, left)
    info, role = s.info, s.role
    for c in done:
        for x in s.on(c, "counters"):
            harm = role[x] == "counter" and info[x].harm
            unplay(s, x)
            if harm:
                s.move_card(x, "counters", "support.1")
                s.say(f"Harm: the hero's {info[x].power} ({s.name(x)}) hurts someone "
                      "close to the nemesis; the card goes to the nemesis's support pile")
            else:
                s.move_card(x, "counters", "aside")
        s.move_card(c, "conflicts", "aside")


def tokens(s: HvNState, done: dict[int, list[int]], left: list[int]) -> None:
    """Popular support when every conflict was countered with its own suit; bad press for
    countering with only the other colour, and for leaving a conflict standing."""
    if done and not left and all(rk.same_suit(s, c, cards) for c, cards in done.items()):
        s.popular += 1
        s.say("Popular support: every conflict was countered with its own suit "
              f"(the hero has {s.popular})")
    opposite = [c for c, cards in done.items() if rk.opposite_colour(s, c, cards)]
    if opposite:
        s.press += 1
        what = s.info[opposite[0]]
        s.say(f"Bad press: the {what.conflict} was countered only with "
              f"{'black' if what.colour == 'red' else 'red'} cards against a {what.colour} "
              f"conflict (the hero has {s.press})")
    if left:
        s.press += 1
        names = " and the ".join(s.info[c].conflict for c in left)
        s.say(f"Bad press: the {names} {'is' if len(left) == 1 else 'are'} left "
              f"uncountered (the hero has {s.press})")


def unplay(s: HvNState, c: int) -> None:
    s.attached.pop(c, None)
    s.role.pop(c, None)
    s.weak.discard(c)


@FLOW.step("two_standing")
def two_standing(s: HvNState) -> None:
    """The end of the hero's turn: two conflicts standing destroy everyone."""
    if len(s.zones["conflicts"]) >= 2:
        game_over(s, (), "Two conflicts are left uncountered at the end of the hero's turn: "
                  "the hero, the nemesis and everything around them are destroyed. Both "
                  "lose.")


@FLOW.step("pass_turn")
def pass_turn(s: HvNState, seat: int) -> None:
    """The turn passes to ``seat``, unless the deck has run out (the hero wins)."""
    if not s.zones["deck"]:
        deck_out(s)
    else:
        push(s, ("hero_turn",) if seat == HERO else ("nemesis_turn",))


# -- the nemesis's turn -------------------------------------------------------------------------
@FLOW.step("nemesis_turn")
def nemesis_turn(s: HvNState) -> None:
    """1 scavenge, 2 a new scheme, 3 complete schemes, 4 perhaps a showdown; at the end
    bad press may bring played cards back, the rest is discarded; 5 the turn passes."""
    s.current = NEMESIS
    s.say(f"Turn {s.turn}: the nemesis")
    push(s, ("scavenge",), ("scheme",), ("plot",), ("bad_press",), ("discard_played",),
         ("pass_turn", HERO))


@FLOW.step("scavenge")
def scavenge(s: HvNState) -> None:
    """Step 1: take one card the hero set aside."""
    if s.zones["aside"]:
        decide(s, "scavenge", NEMESIS)
    else:
        s.say("The hero set nothing aside: there is nothing to scavenge")


@FLOW.decision("scavenge", lambda s, d: legal.scavenge_moves(s))
def scavenged(s: HvNState, d: Decision, m: Move) -> None:
    s.move_card(m.card, "aside", m.target)
    inf = s.info[m.card]
    where = "into their hand" if m.target == "hand.1" else \
        "onto their support pile (worth 1 there)"
    s.say(f"The nemesis scavenges the {inf.name} ({inf.resource.lower()}) {where}")
    s.zones["discard"].extend(s.zones["aside"])
    s.zones["aside"] = []


@FLOW.step("scheme")
def scheme(s: HvNState) -> None:
    """Step 2: a card face up as a future scheme."""
    c = s.draw("deck", "schemes")
    if c is None:
        deck_out(s)
        return
    inf = s.info[c]
    s.say(f"A new scheme: the {inf.name}, worth {inf.scheme} ({inf.resource.lower()})")


@FLOW.step("plot")
def plot(s: HvNState) -> None:
    """Steps 3-4: complete schemes, then perhaps a showdown."""
    decide(s, "plot", NEMESIS)


@FLOW.decision("plot", lambda s, d: legal.plot_moves(s))
def plotted(s: HvNState, d: Decision, m: Move) -> None:
    if m.kind == "plot":
        work_on_scheme(s, m)
        decide(s, "plot", NEMESIS)  # more schemes, a showdown or the end
    elif m.kind == "showdown":
        s.say("The nemesis challenges the hero to a showdown")  # the hero fills to three
        need = SHOWDOWN_HAND - len(s.zones["hand.0"])
        if need > 0:
            hero_draws(s, need)
        push(s, ("stake",))
    else:
        s.say("The nemesis ends the turn")


def work_on_scheme(s: HvNState, m: Move) -> None:
    what = nemesis_plays(s, m.card, "plots", m.target, "plot")
    sc = s.info[m.target]
    bonus = " and 1 more for the suit" if sc.suit and s.info[m.card].suit == sc.suit else ""
    total = rk.scheme_total(s, m.target)
    s.say(f"The nemesis works on the scheme {sc.name} with {what}{bonus}, "
          f"{total} of the {sc.scheme} it needs")
    if total >= sc.scheme:  # equal is enough
        for x in s.on(m.target, "plots"):
            s.attached.pop(x, None)
            s.role.pop(x, None)
            s.move_card(x, "plots", "spent")
        s.move_card(m.target, "schemes", "hand.1")
        s.say(f"Scheme complete: the {sc.name} goes to the nemesis's hand")


# the showdown: the nemesis stakes cards, then the hero answers
@FLOW.step("stake")
def stake(s: HvNState) -> None:
    decide(s, "stake", NEMESIS)


@FLOW.decision("stake", lambda s, d: legal.stake_moves(s))
def staked(s: HvNState, d: Decision, m: Move) -> None:
    if m.kind == "challenge":
        s.say(f"The nemesis throws down {rk.stake_words(s)}")
        push(s, ("answer",))
        return
    what = nemesis_plays(s, m.card, "showdown", None, "stake")
    inf = s.info[m.card]
    if inf.needs and m.card not in s.weak:
        what = f"{inf.resource.lower()} ({inf.name}): the hero needs {inf.needs} cards " \
               "to answer it"
    s.say(f"The nemesis stakes {what}")
    decide(s, "stake", NEMESIS)


@FLOW.step("answer")
def answer(s: HvNState) -> None:
    if s.zones["hand.0"]:
        decide(s, "answer", HERO)
    else:
        s.say("The hero has no cards to answer with")
        end_showdown(s, False)


@FLOW.decision("answer", lambda s, d: legal.answer_moves(s))
def answered(s: HvNState, d: Decision, m: Move) -> None:
    if m.kind == "yield":
        s.say("The hero gives up the showdown")
        end_showdown(s, False)
        return
    if m.kind == "switch":
        switch(s, m)
    else:
        s.move_card(m.card, "hand.0", "showdown")
        s.role[m.card] = "answer"
        inf = s.info[m.card]
        s.say(f"The hero answers with {inf.power} ({inf.name})")
        topped = rk.showdown_topped(s)
        if topped or not s.zones["hand.0"]:
            end_showdown(s, topped)
            return
    decide(s, "answer", HERO)  # more cards, or give up


def end_showdown(s: HvNState, hero_won: bool) -> None:
    if hero_won:
        s.say("The hero tops the nemesis and wins the showdown")
    else:
        s.wins += 1
        s.say(f"The nemesis wins the showdown ({s.wins} of {WINS_NEEDED})")
    for c in list(s.zones["showdown"]):
        if s.role.pop(c) == "answer":
            s.move_card(c, "showdown", "discard")
        else:
            s.move_card(c, "showdown", "spent")
    if s.wins >= WINS_NEEDED:
        game_over(s, (NEMESIS,), "The nemesis has won two showdowns and brings the hero "
                  "down. The nemesis wins.")


# the end of the nemesis's turn: bad press brings played cards back, the rest is discarded
@FLOW.step("bad_press")
def bad_press(s: HvNState) -> None:
    if legal.returnable(s):
        decide(s, "return", NEMESIS)


@FLOW.decision("return", lambda s, d: legal.return_moves(s))
def returned(s: HvNState, d: Decision, m: Move) -> None:
    if m.kind == "end":
        return
    s.press -= 1
    s.move_card(m.card, "spent", "hand.1")
    s.weak.discard(m.card)
    s.say(f"The nemesis spends one of the hero's bad press tokens: the {s.name(m.card)} "
          f"slips back into their hand ({s.press} left)")
    push(s, ("bad_press",))


@FLOW.step("discard_played")
def discard_played(s: HvNState) -> None:
    for c in s.zones["spent"]:
        s.weak.discard(c)
    s.zones["discard"].extend(s.zones["spent"])
    s.zones["spent"] = []


# -- the end --------------------------------------------------------------------------------
def deck_out(s: HvNState) -> None:
    game_over(s, (HERO,), "The deck has run out and the hero still stands: the hero wins "
              "by default.")


def game_over(s: HvNState, winners: tuple[int, ...], text: str) -> None:
    finish(s, winners)
    if not winners:
        s.eliminated = {HERO, NEMESIS}
    s.result = text
    s.say(text)
