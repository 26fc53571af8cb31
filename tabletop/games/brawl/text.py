"""Brawl's words: why a move is refused, the status line, labels. The notation is
:mod:`.notation`; how moves are made with the pointer, ``tabletop/ui/brawl/gestures.py``."""

from __future__ import annotations

from ...engine.effects import handler
from ...engine.moves import Move, seat_label
from ...engine.presentation import GameText
from .cards import Info
from .legal import TEAM_LIMIT
from .state import BrawlState
from .turn import HAND_LIMIT

LINK_KINDS = ("attack", "aid", "thwart", "gang")
ACTION_SIDE = {"aid": "hero", "thwart": "gray", "gang": "villain"}
ACTION_NAME = {"aid": "render aid", "thwart": "thwart", "gang": "gang up"}
FROM_HAND = ("pick", "character", "condition", "interrupt", "discard")


class BrawlText(GameText):
    # -- refusals -------------------------------------------------------------------------
    def explain(self, s: BrawlState, m: Move) -> str:
        if s.over:
            return "The game is over."
        early = _interrupt_timing(s, m)
        if early:
            return early
        if m.seat != s.actor:
            return (f"It is {seat_label(s.actor)}'s move, not {seat_label(m.seat)}'s: "
                    f"{self.status(s, s.actor)}")
        if m.kind in FROM_HAND and m.card not in s.zones.get(f"hand.{m.seat}", []):
            return "That card is not in your hand."
        if m.kind == "pick":
            if s.phase != "pick":
                return "Characters are placed face down only during set-up."
            if s.info[m.card].kind != "character":
                return "Place a Character card (not a Condition or Interruption) face down."
            return "Place your Character face down in your own team area (your row)."
        if s.phase == "pick":
            return "First, each player places one Character from hand face down."
        why = _EXPLAIN.get(m.kind)
        if why is not None:
            return why(self, s, m)
        if m.kind in LINK_KINDS:
            return _explain_link(s, m)
        return f"Not now: {self.status(s, s.actor)}"

    def _character(self, s: BrawlState, m: Move) -> str:
        if s.info[m.card].kind != "character":
            return "Only Character cards can be put into play."
        if s.phase != "main":
            return "A Character is put into play during your turn, before attacking."
        if s.played_character:
            return "Only one Character may be put into play per turn."
        if len(s.zones[f"play.{m.seat}"]) >= TEAM_LIMIT:
            return "A team may have at most five Characters in play."
        return "A Character is put into play in your own team area (your row of cards)."

    def _condition(self, s: BrawlState, m: Move) -> str:
        inf = s.info[m.card]
        if inf.kind != "condition":
            return "That card is not a Condition."
        if s.phase != "main":
            return "A Condition is played during your own turn, before the fighting."
        if s.played_condition and not s.played_character:
            return "Only one Condition may be played per turn."
        if s.played_character:
            return ("Conditions come before Characters: once a Character is put into play "
                    "(or the fighting starts), no Condition may be played this turn.")
        if inf.target_kind == "condition":
            return f"{inf.name} must be dropped on a Condition in play."
        return "Drop the Condition in the Conditions area between the players."

    def _declare(self, s: BrawlState, m: Move) -> str:
        card = m.card
        if s.phase not in ("outside", "declare"):
            return "Powers are declared after the attacks, once every match-up is set."
        if card in s.power:
            return "Each Character declares only one power per turn."
        if card in s.cancelled:
            return "That Character's power was cancelled this turn."
        if card not in s.fought:
            return "A Character can declare a power only if it is in a match-up this turn."
        if s.phase == "outside":
            return ("Right now only powers that reach outside the match-up (heals and "
                    "team effects) are declared.")
        power = s.info[card].powers[m.choice] if isinstance(m.choice, int) and \
            0 <= m.choice < len(s.info[card].powers) else None
        if power is not None and power.outside:
            return (f"{power.name} reaches outside the match-up (a heal or a team effect): "
                    "such powers are declared in step 7, before the attackers declare, and "
                    "that chance has passed.")
        return f"Declare the power of {s.name(s.pending.data[0][0])} now."

    def _interrupt(self, s: BrawlState, m: Move) -> str:
        inf = s.info[m.card]
        if inf.kind != "interruption":
            return "That card is not an Interruption."
        if inf.target_kind == "condition":
            return f"{inf.name} must be dropped on a Condition in play."
        if inf.target_kind == "character":
            return f"{inf.name} cannot target that (it needs {target_words(inf)})."
        if m.target != "table":
            return f"{inf.name} targets no card: drop it on the middle of the table."
        return f"{inf.name} cannot be played now."

    def _discard(self, s: BrawlState, m: Move) -> str:
        if s.phase != "discard":
            return "Cards are discarded only at the end of your turn, down to five."
        return "Over the hand limit of five: drop the cards you discard on the discard pile."

    # -- the status line --------------------------------------------------------------------
    def status(self, s: BrawlState, seat: int | None = None) -> str:
        if s.over:
            return s.result
        p = seat_label(s.actor)
        ph = s.phase
        if ph == "main":
            if not s.played_condition:
                return f"{p}: play a Condition or a Character, attack \u2014 or pass"
            if not s.played_character:
                return f"{p}: put a Character into play, attack \u2014 or pass"
            return f"{p}: attack with a Character \u2014 or pass"
        if ph == "declare":
            return f"{p}: declare the power {s.name(s.pending.data[0][0])} uses"
        if ph == "end":
            if s.actor == s.current:
                return f"{p}: end the turn (Interruptions may still be played)"
            return f"{p}: play an Interruption before the turn ends \u2014 or pass"
        if ph == "discard":
            extra = len(s.zones[f"hand.{s.actor}"]) - HAND_LIMIT
            return f"{p}: discard {extra} card{'s' if extra > 1 else ''} (hand limit five)"
        return f"{p}: {_STATUS.get(ph, '')}"

    # -- labels ------------------------------------------------------------------------------
    def primary(self, move: Move) -> bool:
        return move.kind in ("end", "resolve")

    def side_option(self, move: Move) -> bool:
        return move.kind == "interrupt"

    def describe(self, s: BrawlState, m: Move) -> str:
        """A move in plain words (``Attack Rust Widow with Tin Sentinel``): cards by
        name, and a card with a namesake in play told apart by its team, its plight or
        its health."""
        if m.kind == "declare":
            power = s.info[m.card].powers[m.choice]
            label = f"{power.name} \u2014 {power.summary()}"
            if m.target is not None:
                label += f" \u2192 {who(s, m.target, m.seat)}"
            return label
        if m.kind == "pass":
            return {"main": "No attack", "chain": "No counter-attack", "outside": "Done",
                    "respond": "No Interruption"}.get(s.phase, "Pass")
        words = _WORDS.get(m.kind)
        return words(s, m) if words is not None else \
            {"resolve": "Resolve damage", "end": "End turn"}.get(m.kind, m.kind.capitalize())


_EXPLAIN = {
    "character": BrawlText._character,
    "condition": BrawlText._condition,
    "declare": BrawlText._declare,
    "interrupt": BrawlText._interrupt,
    "discard": BrawlText._discard,
}

_STATUS = {
    "pick": "place one of your Characters face down",
    "chain": "counter-attack \u2014 or pass",
    "outside": "declare powers that reach outside the match-up (heals, team effects) "
               "\u2014 or done",
    "pre": "play an Interruption before damage \u2014 or pass",
    "respond": "play an Interruption in answer \u2014 or pass",
    "damage": "resolve damage (steps A\u2013G)",
}


# -- moves in words (buttons, menus, hints) ------------------------------------------------
def who(s: BrawlState, card: int, seat: int) -> str:
    """A card as ``seat`` names it: by name, and when another card of that name is in
    play, told apart in words (``your Granite Warden``, ``Granite Warden (knocked
    out)``, ``Granite Warden (facing Iron Mawgrave)``, ``Granite Warden (5 health)``);
    namesakes alike in all of these are the same to play with."""
    name = s.name(card)
    if s.owner(card) is None:
        return name
    same = [c for z in range(s.seats) for c in s.zones[f"play.{z}"]
            if c != card and s.name(c) == name]
    if not same:
        return name
    told = {}
    for i, trait in enumerate(_TRAITS):  # the first traits that tell it from the rest
        mine = trait(s, card, seat)
        if any(trait(s, c, seat) != mine for c in same):
            told[i] = mine
            same = [c for c in same if trait(s, c, seat) == mine]
        if not same:
            break
    team = told.pop(0, "")
    out = f"{team} {name}" if team else name
    return f"{out} ({', '.join(told.values())})" if told else out


def _team_of(s: BrawlState, card: int, seat: int) -> str:
    owner = s.owner(card)
    if owner == seat:
        return "your"
    return "the opposing" if s.seats == 2 else f"{seat_label(owner)}'s"


def _plight(s: BrawlState, card: int, seat: int) -> str:
    if card in s.turned:
        return "knocked out"
    other = s.opponent_in_matchup(card)
    if other is not None:
        return f"facing {s.name(other)}"
    act = s.action.get(card)
    return {"aid": "rendering aid", "thwart": "thwarting", "gang": "ganging up"}[act[0]] \
        if act else "standing"


#: what tells two namesakes in play apart, in the order it is said
_TRAITS = (_team_of, _plight, lambda s, card, seat: f"{s.hp.get(card, 0)} health")


def _matchup(s: BrawlState, attacker: int, seat: int) -> str:
    return f"the match-up of {who(s, attacker, seat)} and {who(s, s.mu[attacker], seat)}"


def _gang_words(s: BrawlState, m: Move) -> str:
    other = s.opponent_in_matchup(m.target)
    on = f" on {who(s, other, m.seat)}" if other is not None else ""
    return f"Gang up{on} with {who(s, m.card, m.seat)}, joining {who(s, m.target, m.seat)}"


def _play_words(s: BrawlState, m: Move) -> str:
    if isinstance(m.target, int):
        return f"Play {s.name(m.card)} on {who(s, m.target, m.seat)}"
    return f"Play {s.name(m.card)}"


_WORDS = {
    "pick": lambda s, m: f"Place {s.name(m.card)} face down",
    "character": lambda s, m: f"Put {s.name(m.card)} into play",
    "discard": lambda s, m: f"Discard {s.name(m.card)}",
    "condition": _play_words,
    "interrupt": _play_words,
    "attack": lambda s, m: f"{'Counter-attack' if s.phase == 'chain' else 'Attack'} "
                           f"{who(s, m.target, m.seat)} with {who(s, m.card, m.seat)}",
    "aid": lambda s, m: f"Render aid to {who(s, m.target, m.seat)} with "
                        f"{who(s, m.card, m.seat)}",
    "thwart": lambda s, m: f"Thwart {_matchup(s, m.target, m.seat)} with "
                           f"{who(s, m.card, m.seat)}",
    "gang": _gang_words,
}


def _interrupt_timing(s: BrawlState, m: Move) -> str:
    """When an Interruption cannot be played at all, whoever is to act."""
    if m.kind != "interrupt":
        return ""
    return {"damage": "Interruptions cannot be played while damage is being resolved.",
            "pick": "Interruptions can be played once the first turn has begun.",
            "discard": "The turn is over: Interruptions could be played until the current "
                       "player ended the turn."}.get(s.phase, "")


def target_words(inf: Info) -> str:
    """The characters an Interruption may target, in words."""
    words = describe_selector(inf.target)
    for e in inf.effects:
        more = handler(e, "words")
        if more is not None:
            words += " " + more(e)
    return words


def _explain_link(s: BrawlState, m: Move) -> str:
    if m.kind != "attack" and not s.options.get("more_actions"):
        return ("Actions (render aid, thwart, gang up) belong to the optional rule More "
                "Actions: turn it on in the new-game options.")
    if s.phase not in ("main", "chain"):
        return "Attacks and actions happen before powers are declared."
    if s.owner(m.card) != m.seat:
        return "Use one of your own Characters in play."
    busy = _busy(s, m.card, own=True)
    if busy:
        return busy
    if m.kind == "attack":
        target = m.target
        if not isinstance(target, int) or s.owner(target) is None:
            return "Drop your Character on an opposing Character to attack it."
        if s.owner(target) == m.seat:
            return "Attack a Character of the opposing team, not your own."
        return _busy(s, target, own=False) or "That attack is not possible now."
    side = s.info[m.card].side
    if side != ACTION_SIDE[m.kind]:
        plural = {"hero": "Heroes", "gray": "Grays", "villain": "Villains"}
        return f"Only {plural[ACTION_SIDE[m.kind]]} can {ACTION_NAME[m.kind]}."
    return _explain_action(s, m)


def _busy(s: BrawlState, card: int, own: bool) -> str:
    """Why ``card`` cannot attack (own) or be attacked now, or "" if it can."""
    if card in s.turned:
        return "A knocked-out Character cannot attack or be attacked."
    if s.in_matchup(card):
        return "That Character is already in a match-up."
    if own and card in s.action:
        return "That Character is already taking an action this turn."
    if card in s.withdrawn:
        return "That Character's match-up was broken up: it sits out this turn."
    return ""


def _explain_action(s: BrawlState, m: Move) -> str:
    target = m.target
    if m.kind == "aid":
        if s.owner(target) != m.seat or target not in s.turned:
            return "Render aid goes to a knocked-out Character of your own team."
        return "Someone is already rendering aid to that Character."
    if m.kind == "thwart":
        if target not in s.mu:
            return "Thwart a match-up: drop the Gray on two Characters that are fighting."
        return "That match-up is already being thwarted."
    if s.owner(target) != m.seat or target == m.card:
        return "Gang up with a teammate who is in a match-up."
    return "Gang up only with a teammate already matched up against an opponent."


def matchup_key(s: BrawlState, card: int) -> int:
    """Match-ups are named by their attacker."""
    if card in s.mu:
        return card
    return s.opponent_in_matchup(card)


def describe_selector(sel: tuple) -> str:
    """A short English rendering of a selector, e.g. 'opposing Energy characters'."""
    if not sel:
        return "any character"
    d = dict(sel)
    if d.get("self") is True:
        return "this character"
    words = []
    if d.get("knocked_out") is True:
        words.append("knocked-out")
    if d.get("knocked_out") is False:
        words.append("standing")
    words.append({"own": "your", "opposing": "opposing"}.get(d.get("team"), ""))
    if "side" in d:
        words.append("/".join(s.capitalize() for s in d["side"]))
    if "attack" in d:
        words.append("/".join(a.capitalize() for a in d["attack"]))
    words.append("other characters" if d.get("self") is False else "characters")
    extra = [label for key, label in (("in_matchup", "in a match-up"),
                                      ("declared", "with a declared power"),
                                      ("taking_action", "taking an action")) if d.get(key)]
    text = " ".join(w for w in words if w)
    return text + (" " + " and ".join(extra) if extra else "")
