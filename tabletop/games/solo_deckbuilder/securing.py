"""Securing a location (the supervillain defeated in step 6): one villain of the
battleground is defeated for free, then the location becomes the HQ or goes to the
Secured stack; the fifth location secured wins the game."""

from __future__ import annotations

from ...engine.flow import Decision, decide, push
from ...engine.moves import Move
from .flow import FLOW, game_over
from .legal import distinct
from .log import plural
from .reactions import set_off
from .state import SoloState


def securing_steps(loc: int) -> list[tuple]:
    """What securing ``loc`` queues: the free defeat, then its place."""
    return [("free_defeat",), ("secure", loc)]


@FLOW.step("free_defeat")
def free_defeat(s: SoloState) -> None:
    """The player picks the villain, unless there is no real choice."""
    bg = s.zones["battleground"]
    if not bg:
        s.say("No villain in the battleground to defeat for free")
    elif len({s.info[c].id for c in bg}) == 1:
        defeat_free(s, bg[-1])
    else:
        decide(s, "free_defeat", 0)


@FLOW.decision("free_defeat", lambda s, d: [Move("free", 0, c, "defeated")
                                            for c in distinct(s, s.zones["battleground"])])
def chosen_for_free(s: SoloState, d: Decision, m: Move) -> None:
    defeat_free(s, m.card)


def defeat_free(s: SoloState, card: int) -> None:
    s.zones["battleground"].remove(card)
    s.zones["defeated"].append(card)
    s.say(f"You defeat {s.name(card)} for free (securing the location)")
    push(s, *set_off(s, "defeat", card))


@FLOW.step("secure")
def secure(s: SoloState, loc: int) -> None:
    decide(s, "secure", 0, loc)


@FLOW.decision("secure", lambda s, d: [Move("hq", 0, d.data[0], "hq.0"),
                                       Move("stack", 0, d.data[0], "secured.0")])
def placed(s: SoloState, d: Decision, m: Move) -> None:
    """The location becomes the HQ (the old HQ goes to the Secured stack) or goes to
    the Secured stack."""
    loc = m.card
    s.zones["location"].remove(loc)
    if m.kind == "hq":
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
