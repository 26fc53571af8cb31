"""The card browser: every card of a game, shipped and modded, as its face in a grid,
with a search and filters (kind, power type, source mod), each card with a problem
marked; a click (or Enter) shows it large with its text, its problems and the file and
line it comes from (:mod:`.large`). Reached from the main menu and the OverPower deck
builder.

It follows hot reload (:mod:`tabletop.ui.hotreload`): each frame it looks whether the
app's catalog of its game, or the problems hot reload is holding for it, are other
objects than the ones it shows (two identity checks) and lists them again if so, so a
card saved in a mod file is in the grid within the second hot reload takes.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...engine.cards import Catalog
from ...games import GAMES
from .. import text, theme
from ..card_problems import held_by
from ..cardart import CardPainters
from ..screens import Page
from ..widgets import Button, TextInput
from . import model
from .facet import Facet
from .grid import CardGrid
from .model import Entry, Filters

ANY = None


class CardBrowser(Page):
    """The browser of ``game_id``'s cards (None: the first game), their faces painted
    with ``painters_of(game_id)`` (the games' kits: ``kit_for(game_id).painters``,
    :mod:`tabletop.ui.kits`, given by the screen that opens it); the game can be
    changed on the screen unless ``fixed``."""

    title = "Cards"

    def __init__(self, game_id: str | None,
                 painters_of: Callable[[str], CardPainters], fixed: bool = False) -> None:
        super().__init__()
        self.game_id = game_id or next(iter(GAMES))
        self.painters_of = painters_of
        self.fixed = fixed
        self.filters = Filters()
        self.all: list[Entry] = []
        self.shown: list[Entry] = []
        self.dealt: dict = {}
        #: what the list was made from: the catalog and the problems hot reload held
        self._source: tuple = (None, None)
        self.grid: CardGrid | None = None

    # -- the cards --------------------------------------------------------------------------
    def _held(self) -> list | None:
        """The problems hot reload holds for this game (a broken file whose last good
        cards are still in use), if hot reload runs."""
        reload = held_by(self.app)
        return reload.problems.get(self.game_id) if reload is not None else None

    def poll(self) -> bool:
        """List the cards again if the catalog or the held problems changed (cheap when
        they did not); whether they had."""
        catalog = self.app.catalog(self.game_id)
        held = self._held()
        if self._source[0] is catalog and self._source[1] is held:
            return False
        self._source = (catalog, held)
        self._rebuild(catalog, held or [])
        return True

    def _rebuild(self, catalog: Catalog, held: list) -> None:
        self.all = model.entries(catalog, self.game_id, held)
        self.dealt = model.as_dealt(catalog, self.game_id)
        if self.grid is not None:
            self.grid.painters = self.painters_of(self.game_id)
        self._facets()
        self._refilter()

    def _face_of(self, entry: Entry):
        return None if entry.card is None else self.dealt.get(entry.key, entry.card)

    def _refilter(self) -> None:
        self.shown = model.shown(self.all, self.filters)
        if self.grid is not None:
            self.grid.set_entries(self.shown)

    def _set(self, **change) -> None:
        for name, value in change.items():
            setattr(self.filters, name, value)
        self._refilter()

    def _set_game(self, game_id: str) -> None:
        if game_id == self.game_id:
            return
        self.game_id = game_id
        self.app.browsed_game = game_id  # (the menu opens the browser on it next time)
        self.filters = Filters(text=self.filters.text)
        self._source = (None, None)
        if self.grid is not None:
            self.grid.offset, self.grid.cursor = 0, None
        self.poll()

    # -- layout -----------------------------------------------------------------------------
    def layout(self, size) -> None:
        w, h = size
        u = theme.ui
        left = 30
        width = w - 2 * left
        self.title_w = u(110)
        top = 16
        row_h = u(38)
        search_w = min(u(340), width // 3)
        self.game = Facet((left + self.title_w + 16, top, width - self.title_w - 16 -
                           search_w - 16, row_h), "", [(g, GAMES[g].info.title) for g in GAMES],
                          self.game_id, self._set_game)
        self.game.enabled = not self.fixed
        self.game.outline = False
        self.search = TextInput((w - left - search_w, top, search_w, row_h), self.filters.text,
                                "Search names and texts", 60,
                                on_change=lambda v: self._set(text=v))
        ftop = top + row_h + 14
        fh = u(22) + u(34)
        gap = 12
        fw = (width - 3 * gap) // 4
        self.facets = [Facet((left + i * (fw + gap), ftop, fw, fh), label, [], None, on)
                       for i, (label, on) in enumerate((
                           ("Kind", lambda v: self._set(kind=v)),
                           ("Type", lambda v: self._set(type=v)),
                           ("Source", lambda v: self._set(source=v)),
                           ("Show", lambda v: self._set(problems_only=bool(v)))))]
        self.status_top = ftop + fh + 8
        grid_top = self.status_top + u(22) + 6
        bh = u(46)
        self.back = Button((left, h - 16 - bh, u(160), bh), "Back", self.app.pop, size=17)
        rect = pygame.Rect(left, grid_top, width, self.back.rect.top - 12 - grid_top)
        if self.grid is None:
            self.grid = CardGrid(rect, self.painters_of(self.game_id), self._open,
                                 self._face_of)
        else:
            self.grid.layout(rect)
        self.widgets = [self.game, self.search, *self.facets, self.grid]
        self._source = (None, None)
        self.poll()

    def _facets(self) -> None:
        """The filters' values from the cards listed (a value no longer there is
        dropped)."""
        if not getattr(self, "facets", None):
            return
        kind, kinds, source, show = self.facets
        f = self.filters
        label, _ = model.facet_of(self.game_id)
        kinds.label = label
        for widget, values, attr, every in (
                (kind, model.choices(self.all, "kind"), "kind", "All kinds"),
                (kinds, model.choices(self.all, "types"), "type", f"All ({label.lower()})"),
                (source, model.choices(self.all, "source"), "source", "Shipped and mods")):
            if getattr(f, attr) not in values:
                setattr(f, attr, ANY)
            widget.choices = [(ANY, every)] + [(v, model.pretty(v) if attr != "source" else v)
                                               for v in values]
            widget.value = getattr(f, attr)
            widget.enabled = bool(values)
        show.choices = [(False, "Every card"), (True, "Only problems")]
        show.value = f.problems_only

    # -- the frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.poll()

    def spare(self, end: float) -> None:
        """Between frames: paint the faces in view the frame had no time for."""
        if self.grid is not None:
            self.grid.paint_ahead(end)

    def handle(self, event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.grid is not None:
            self.grid.wheel(event)
            return
        if event.type == pygame.TEXTINPUT and self.search is not None and \
                not self.search.focused and event.text.strip() and event.text != "?":
            self.search.focused = True  # typing anywhere searches (? still lists the keys)
        super().handle(event)

    def _open(self, index: int) -> None:
        from .large import CardView

        if 0 <= index < len(self.shown):
            self.app.push(CardView(self, self.shown[index].key))

    def status(self) -> str:
        cards = sum(e.loaded for e in self.all)
        shown = sum(e.loaded for e in self.shown)
        line = f"{shown} of {cards} cards" if shown != cards else f"{cards} cards"
        broken = sum(not e.loaded for e in self.all)
        marked = sum(bool(e.problems) for e in self.all if e.loaded)
        if marked:
            line += f" \u00b7 {marked} with a problem"
        if broken:
            line += f" \u00b7 {broken} could not load"
        return line

    def draw(self, surf) -> None:
        from ..app import background

        background(surf)
        w, h = surf.get_size()
        text.draw(surf, self.title, (30, 16, self.title_w, theme.ui(38)), 30, theme.ACCENT,
                  "bold", valign="middle")
        for widget in self.widgets:
            if widget is not self.grid:
                widget.draw(surf)
        status = pygame.Rect(30, self.status_top, w // 2, theme.ui(22))
        text.draw(surf, self.status(), status, 15, theme.TEXT, "bold", valign="middle")
        hint = "Click a card to see it large" if self.shown else \
            "No card matches: clear the search or a filter"
        text.draw(surf, hint, (w // 2, self.status_top, w // 2 - 40, theme.ui(22)), 14,
                  theme.MUTED, align="right", valign="middle")
        self.grid.draw(surf)
        self.back.draw(surf)
        self.toast.draw(surf, (w // 2, h - 140), 640)
        self.draw_focus(surf)

    def draw_focus(self, surf) -> None:
        from ..menuscene import draw_focus

        draw_focus(self, surf)
