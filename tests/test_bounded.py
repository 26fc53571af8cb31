"""The bounded caches drop their oldest entries, never all of them at once."""

from tabletop.ui import text
from tabletop.ui.bounded import make_room


def test_a_full_cache_drops_only_its_oldest_quarter():
    cache = {i: str(i) for i in range(20)}
    make_room(cache, 21)
    assert len(cache) == 20  # room enough: nothing dropped
    make_room(cache, 20)
    assert list(cache) == list(range(5, 20))  # the five first added are gone
    cache[20] = "20"
    make_room(cache, 4)
    assert list(cache) == list(range(6, 21))  # at least one goes


def test_the_text_measures_keep_what_they_hold_when_full(monkeypatch):
    import pygame

    pygame.font.init()
    monkeypatch.setattr(text, "_layouts", {("old", i): (12, ["x"], True) for i in range(8000)})
    text._layout_lines("a new line", pygame.Rect(0, 0, 200, 20), 12, "regular", False, 1.2, 7)
    assert len(text._layouts) == 6001  # the oldest quarter made room for the new one
    assert ("old", 1999) not in text._layouts and ("old", 2000) in text._layouts
