"""The card kinds deck building adds to OverPower's card pool (issue 14): Locations (a
Home Base or a Battlesite), Aspects, Activators, Events and Artifacts, and the fields a
deck gains for its Locations.

Only what the deck rules read is declared here (who is on a Location's list, which Home
Base an Aspect serves, which character an Activator fetches, which mission set an Event
belongs to, what an Artifact's two characters need); how these cards play is part of the
rules of Locations, Activators, Events and Artifacts.
"""

from __future__ import annotations

from ...engine.effects import allow, effect_list, trigger
from ...engine.schema import Bool, Enum, Field, Int, ListOf, Record, Str
from .common import TYPES
from .effects import ABILITY
from .eventeffects import EVENT

ARTIFACT = "overpower.artifact"
trigger(ARTIFACT, "an Artifact in play: it changes the character who bears it, for the rest "
                  "of the game or until that character is KO'd")
for _name in ("attack_bonus", "defence_bonus", "ko_threshold"):
    allow(_name, ARTIFACT)

#: an Aspect that any Home Base may play (never Placed on the Home Base)
ANY_HOME_BASE = "any-home-base"
#: the kinds that go into a Draw Pile besides those of part 1
MORE_DRAW_KINDS = ("event", "aspect", "activator", "artifact")


def _requirement(doc: str, or_less: bool = False) -> Field:
    fields = {"type": Field(Enum(*TYPES), required=True, doc="the power type"),
              "value": Field(Int(1, 8), required=True, doc="the rating")}
    if or_less:
        fields["or_less"] = Field(Bool(), default=False,
                                  doc="the rating must be this value or less (not at least)")
    return Field(Record(fields, name="a requirement"), required=True, doc=doc)


HOME_BASE = Record({
    "text": Field(Str(nonempty=False), default="", doc="what it does for the team, in words"),
    "effects": Field(effect_list(ABILITY), default=(), doc="what it changes for the team"),
}, name="a Home Base ability")


def more_kinds(special: dict[str, Field]) -> dict[str, dict[str, Field]]:
    """The new kinds; an Aspect has a Special's fields (it is placed and played like one)
    with ``location`` in place of ``character``."""
    aspect = {k: v for k, v in special.items() if k != "character"}
    return {
        "location": {
            "characters": Field(ListOf(Str(), min_len=1, max_len=40), required=True,
                                doc="the persona ids on its list: a team may use it as its "
                                    "Home Base when all four are listed, as its Battlesite "
                                    "when none is"),
            "home_base": Field(HOME_BASE, doc="its ability while it is a Home Base"),
        },
        "aspect": {
            "location": Field(Str(), required=True,
                              doc=f"the id of the Location whose Home Base plays it, or "
                                  f"`{ANY_HOME_BASE}`"),
            **aspect,
        },
        "activator": {
            "character": Field(Str(), required=True,
                               doc="the persona id of the character whose Special beneath "
                                   "the Battlesite it is exchanged for"),
        },
        "event": {
            "mission_set": Field(Str(), required=True,
                                 doc="the mission set it belongs to (only decks with that "
                                     "set may hold it)"),
            "duration": Field(Enum("instant", "battle", "game"), default="battle",
                              doc="when it leaves play: after it is resolved, at the end "
                                  "of the battle, or never (then it acts every battle)"),
            "effects": Field(effect_list(EVENT), default=(), doc="what it does"),
        },
        "artifact": {
            "requires": _requirement("what the Front Line character who plays it needs"),
            "teammate": _requirement("what the Front Line teammate who receives it needs",
                                     or_less=True),
            "effects": Field(effect_list(ARTIFACT), default=(),
                             doc="what it changes in the character who bears it"),
        },
    }


#: the fields a deck gains: its Locations and the Specials beneath its Battlesite
DECK_LOCATIONS: dict[str, Field] = {
    "home_base": Field(Str(), doc="the id of the Location used as its Home Base (optional)"),
    "battlesite": Field(Str(), doc="the id of the Location used as its Battlesite (optional)"),
    "under_battlesite": Field(ListOf(Str(), max_len=60), default=(),
                              doc="ids of the Specials laid face down beneath the Battlesite"),
}
