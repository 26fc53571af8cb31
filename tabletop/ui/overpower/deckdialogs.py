"""The deck builder's dialogs: load a saved or a ready-made deck, import a deck file."""

from __future__ import annotations

from pathlib import Path

import pygame

from ...engine.paths import exports_dir
from ...games.overpower import deckfile
from ...games.overpower.decklaw import DeckList
from .. import text, theme
from ..menuscene import MenuScene
from ..widgets import Button, Row, ScrollList, TextInput, panel


class _Dialog(MenuScene):
    """A panel over the deck builder (Esc or Cancel closes it)."""

    transparent = True
    title = ""
    size = (780, 540)

    def __init__(self, builder) -> None:
        self.builder = builder

    def frame(self, size) -> pygame.Rect:
        w, h = size
        self.rect = pygame.Rect(0, 0, min(self.size[0], w - 40), min(self.size[1], h - 40))
        self.rect.center = (w // 2, h // 2)
        self.cancel = Button((self.rect.right - 150, self.rect.bottom - 62, 130, 44), "Cancel",
                             self.app.pop, size=16)
        return self.rect

    def draw(self, surf) -> None:
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surf.blit(shade, (0, 0))
        panel(surf, self.rect, theme.PANEL, 250, theme.ACCENT)
        text.draw(surf, self.title, (self.rect.left + 24, self.rect.top + 18,
                                     self.rect.w - 48, 30), 22, theme.ACCENT, "bold")
        for wdg in self.controls():
            wdg.draw(surf)


class DeckChooser(_Dialog):
    """The saved decks (with why a file cannot be read) and the ready-made ones."""

    title = "Load a deck"

    def layout(self, size) -> None:
        rect = self.frame(size)
        rows = [Row([("Saved decks", theme.ACCENT, "bold")])]
        found = deckfile.saved()
        for entry in found:
            if entry.deck is None:
                rows.append(Row([(f"{entry.path.name} \u2014 cannot be read", theme.BAD, "bold"),
                                 (entry.problem, theme.MUTED, "small")]))
            else:
                rows.append(Row([(entry.deck.name, theme.TEXT, "bold"),
                                 (entry.path.name, theme.MUTED, "small")], data=entry.deck))
        if not found:
            rows.append(Row([("None yet: build one and press Save.", theme.MUTED, "regular")]))
        rows.append(Row([("Ready-made decks (a start for your own)", theme.ACCENT, "bold")]))
        catalog = self.builder.catalog
        for card in catalog.of_kind("deck"):
            rows.append(Row([(card.name, theme.TEXT, "bold")],
                            data=DeckList.from_data(card.name, card.data)))
        self.list = ScrollList((rect.left + 20, rect.top + 60, rect.w - 40, rect.h - 140), rows,
                               size=15, on_pick=self.pick, selectable=True)

    def pick(self, deck) -> None:
        if isinstance(deck, DeckList):
            self.app.pop()
            self.builder.set_deck(deck, f"Loaded {deck.name}")

    def controls(self) -> list:
        return [self.list, self.cancel]


class ImportDialog(_Dialog):
    """A deck file's path; a bad or illegal file is refused with every reason."""

    title = "Import a deck file"

    def __init__(self, builder) -> None:
        super().__init__(builder)
        try:
            start = str(exports_dir()) + "/"
        except OSError:
            start = ""
        self.path_text = start
        self.problems: list[str] = []

    def layout(self, size) -> None:
        rect = self.frame(size)
        self.path = TextInput((rect.left + 24, rect.top + 84, rect.w - 200, 38), self.path_text,
                              "the path of a .yaml deck file", 400,
                              on_change=lambda v: setattr(self, "path_text", v),
                              on_submit=lambda v: self.run())
        self.go = Button((rect.right - 164, rect.top + 84, 140, 38), "Import", self.run,
                         primary=True, size=16)
        rows = [Row([(p, theme.BAD, "regular")]) for p in self.problems]
        self.list = ScrollList((rect.left + 24, rect.top + 140, rect.w - 48, rect.h - 220),
                               rows, size=13)

    def run(self) -> None:
        raw = self.path_text.strip()
        if not raw:
            self.problems = ["Type the path of a deck file."]
        else:
            try:
                target, deck = deckfile.import_file(Path(raw).expanduser(),
                                                    self.builder.catalog, self.builder.rules)
            except deckfile.DeckFileError as exc:
                self.problems = ["The file was not imported:", *exc.problems]
            except OSError as exc:
                self.problems = [f"The deck cannot be copied: {exc.strerror or exc}"]
            else:
                self.app.pop()
                self.builder.set_deck(deck, f"Imported {deck.name} as {target.name}")
                return
        self.layout(self.app.screen.get_size())

    def controls(self) -> list:
        return [self.path, self.go, self.list, self.cancel]

    def draw(self, surf) -> None:
        super().draw(surf)
        text.blit_wrapped(surf, "A deck file someone shared (or one you exported). It is "
                                "checked against the deck rules, then copied to your decks.",
                          pygame.Rect(self.rect.left + 24, self.rect.top + 50,
                                      self.rect.w - 48, 30), 13, theme.MUTED)
