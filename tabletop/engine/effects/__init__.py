"""The closed vocabulary of card effects, selectors and triggers, shared by every game.

Card abilities are data: a list of effects, each a mapping whose ``effect:`` key names a
verb (:mod:`.verbs`: ``draw``, ``discard``, ``move``, ``modify``, ``prevent``, ``heal``
are shared by the games; a game may have verbs of its own) and whose keys pick the game's
use of it, one entry of :data:`EFFECTS` (:mod:`.spelling` reads it); nothing in a card
file is ever executed. Registering an effect
gives, in one place, its fields (the schema the loader checks), the *contexts* it may be
written in (``game.context``, e.g. ``brawl.interruption``), its documentation and example
(``docs/modding.md`` is generated from them) and its behaviour: one handler per *role*, a
name the game's rules use to call it (``run`` for an effect that does something once,
``damage`` or ``tally`` for one that changes a number while it is in play). Rules call
effects through :func:`run` and :func:`handler`, never by testing an effect's name.

Games define their effects in their own package (``tabletop/games/<game>/effects.py``)
on the shared primitives of :class:`~tabletop.engine.effects.context.EffectContext`, and
say with :func:`~.verbs.uses` which verb and keys each is written with; an effect whose
behaviour several games share (``draw``) is defined once in :mod:`.common` and each game
opens it to its contexts with :func:`allow`. Selectors (mappings that pick cards) are
shared objects too (:class:`SelectorSet`): each key has its schema, its doc and its test.
"""

from . import common as _common  # noqa: F401  (registers the shared effects)
from . import verbs as _verbs  # noqa: F401  (declares the shared verbs)
from .registry import (
    EFFECTS,
    SELECTORS,
    TRIGGERS,
    EffectKind,
    OneOrMany,
    SelectorKey,
    SelectorSet,
    Trigger,
    allow,
    effect,
    effects_with,
    handler,
    run,
    selector_tuple,
    selectors,
    text_spec,
    trigger,
    uses,
)
from .spelling import effect_list
from .verbs import VERBS, Key, Use, Verb, verb

__all__ = ["EFFECTS", "SELECTORS", "TRIGGERS", "EffectKind", "OneOrMany", "SelectorKey",
           "SelectorSet", "Trigger", "allow", "effect", "effect_list", "effects_with",
           "handler", "run", "selector_tuple", "selectors", "text_spec", "trigger",
           "VERBS", "Key", "Use", "Verb", "uses", "verb"]
