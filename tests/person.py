"""A person at the table, for tests that play whole games: the move they mean is made with
the mouse, as a player makes it, through real (posted) events only.

The person's input is the package's (:mod:`tabletop.bench.person`: the bench plays with it
too); this module re-exports it for the tests (``tests/table_soak.py``).
"""

from __future__ import annotations

from tabletop.bench.person import (  # noqa: F401 - re-exported
    PATIENCE,
    Person,
    dismiss,
    drag,
    gesture,
    offered,
    post,
    press,
    visible_point,
)
