"""'Did you mean' for a name or id a modder typed that is not found.

Built on :func:`tabletop.engine.schema.closest` (difflib, the cutoff that keeps silly
suggestions out), with case ignored: a card's name typed ``tin sentinl`` is meant as
``Tin Sentinel``. Nothing is suggested when no option is close.
"""

from __future__ import annotations

from collections.abc import Iterable

from .schema import closest


def meant(word: object, options: Iterable[object]) -> str | None:
    """The option ``word`` was probably meant as (case ignored), as it is spelt, or None."""
    folded: dict[str, str] = {}
    for option in options:
        folded.setdefault(str(option).casefold(), str(option))
    close = closest(str(word).casefold(), folded)
    return folded[close] if close is not None else None


def did_you_mean(word: object, options: Iterable[object]) -> str:
    """`` (did you mean 'x'?)`` for the option closest to ``word``, or an empty string."""
    close = meant(word, options)
    return f" (did you mean '{close}'?)" if close is not None else ""
