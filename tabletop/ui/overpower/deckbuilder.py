"""The OverPower deck builder: the card pool on the left (filters by kind, type, value and
character; a click adds a card), the deck in the middle (a click takes a card out), its
legality on the right, checked after every change with the reason for each problem.
Decks are saved in the user data folder, loaded, imported and exported as deck files
(:mod:`tabletop.games.overpower.deckfile`); an illegal deck is never saved or exported.
A deck changed since it was last saved, loaded or begun is never dropped (New, Load,
Import, Back) before the player agrees to it.

Reached from the new-game screen (OverPower's "Deck builder..." button).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...games.overpower import deckfile, decklaw
from ...games.overpower.common import TYPES
from ...games.overpower.decklaw import DeckList, DeckRules
from .. import text, theme
from ..app import background
from ..cardart import face
from ..menuscene import MenuScene
from ..screens import Confirm
from ..widgets import Button, Row, ScrollList, Switch, TextInput, Toast
from . import deckpool
from .cards import PAINTERS
from .deckdialogs import DeckChooser, ImportDialog
from .picker import Cycle, EvenChoice

GAME_ID = deckfile.GAME_ID
TOP = 62


def empty_deck() -> DeckList:
    return DeckList(name="New deck")


class DeckBuilder(MenuScene):
    def __init__(self, deck: DeckList | None = None) -> None:
        self.deck = deck.copy() if deck is not None else empty_deck()
        #: the deck as last saved, loaded, imported or begun (what a change is measured by)
        self.kept = self.deck.copy()
        self.filters = deckpool.Filters()
        self.rules = DeckRules()
        self.toast = Toast()
        self.problems: list[decklaw.DeckProblem] = []
        self.entries: list[deckpool.Entry] = []
        self.widgets: list = []
        #: the last Save or Export was refused (the problems list says why)
        self.refused = False
        self._index: deckpool.PoolIndex | None = None
        self._rows: dict[tuple, Row] = {}
        self._cache: pygame.Surface | None = None

    @property
    def catalog(self):
        return self.app.catalog(GAME_ID)

    @property
    def index(self) -> deckpool.PoolIndex:
        catalog = self.catalog
        if self._index is None or self._index.catalog is not catalog:
            self._index = deckpool.PoolIndex(catalog)
        return self._index

    # -- layout ------------------------------------------------------------------------------
    def layout(self, size) -> None:
        w, h = size
        left = 20
        pool_w = max(480, int(w * 0.43))
        self.pool_w = pool_w
        labels = [("New", self.new), ("Load\u2026", self.load), ("Import\u2026", self.open_import),
                  ("Export", self.export), ("Save", self.save), ("Cards\u2026", self.browse),
                  ("Back", self.leave)]
        step = max(72, min(104, (w - 580) // len(labels)))
        x = w - 20 - len(labels) * step + 8
        self.buttons = [Button((x + i * step, 14, step - 8, 36), label, action, size=15,
                               primary=label == "Save")
                        for i, (label, action) in enumerate(labels)]
        self.name_input = TextInput((236, 14, max(150, min(300, x - 248)), 36), self.deck.name,
                                    "deck name", 60, on_change=self._rename)
        f = self.filters
        self.kind = EvenChoice((left, TOP, pool_w, 34), "", [(k, lab) for k, lab, _ in
                                                         deckpool.GROUPS], f.group,
                           lambda v: self._filter(group=v))
        types = [(None, "All types"), *((t, t.capitalize()) for t in TYPES)]
        type_w = pool_w * 11 // 20
        self.type = EvenChoice((left, TOP + 40, type_w, 30), "", types, f.type,
                               lambda v: self._filter(type=v))
        values = [(None, "All"), *((v, str(v)) for v in range(1, 9))]
        self.value = EvenChoice((left + type_w + 6, TOP + 40, pool_w - type_w - 6, 30), "",
                                values, f.value, lambda v: self._filter(value=v))
        self.who = Cycle((left, TOP + 76, pool_w, 32), "", self._who_choices(), f.who,
                         lambda v: self._filter(who=v))
        self.pool = ScrollList((left, TOP + 116, pool_w, h - TOP - 116 - 96), size=14,
                               on_pick=self._add, selectable=True)
        self.preview = pygame.Rect(left, h - 90, pool_w, 76)
        x1 = left + pool_w + 20
        deck_w = (w - x1 - 20) // 2 - 8
        self.deck_list = ScrollList((x1, TOP + 26, deck_w, h - TOP - 26 - 20), size=14,
                                    on_pick=self._remove, selectable=True)
        x2 = x1 + deck_w + 16
        side_w = w - 20 - x2
        self.status_box = pygame.Rect(x2, TOP, side_w, 26)
        self.code = Switch((x2, TOP + 30, side_w, 44), "Code Rule", self.rules.code_rule,
                           "Heroes never play V cards, villains never H.",
                           lambda v: self._set_rules(code_rule=v))
        self.tournament = Switch((x2, TOP + 78, side_w, 44), "Tournament rules",
                                 self.rules.tournament,
                                 "The Sum Deck Rule is a rule, not advice.",
                                 lambda v: self._set_rules(tournament=v))
        #: the face of the card under the pointer (pool or deck), under the problems
        face_h = min(230, max(0, h - TOP - 130 - 20 - 160))
        face_w = face_h * 5 // 7
        self.face_at = pygame.Rect(x2 + (side_w - face_w) // 2, h - 20 - face_h, face_w,
                                   face_h)
        self.problem_list = ScrollList((x2, TOP + 130, side_w,
                                        h - TOP - 130 - 20 - (face_h + 10 if face_h else 0)),
                                       size=13)
        self.widgets = [self.name_input, *self.buttons, self.kind, self.type, self.value,
                        self.who, self.pool, self.deck_list, self.code, self.tournament,
                        self.problem_list]
        self._changed(keep_refusal=True)

    def _who_choices(self) -> list[tuple]:
        out: list[tuple] = [(None, "Cards for: everyone", ""), ("team", "Cards for: the team", "")]
        for card in deckpool.team_of(self.catalog, self.deck):
            out.append((decklaw.persona(card), f"Cards for: {card.name}", ""))
        out.append(("any", "Any Character / Any Hero Specials", ""))
        return out

    def controls(self) -> list:
        return self.widgets

    def browse(self) -> None:
        """Every OverPower card large, with its file and line (:mod:`..browser`)."""
        from ..browser import CardBrowser

        self.app.push(CardBrowser(GAME_ID, lambda _: PAINTERS, fixed=True))

    # -- changes -----------------------------------------------------------------------------
    def _pool_changed(self) -> None:
        self._cache = None
        self.entries = self.index.entries(self.filters, self.deck)
        self.pool.set_rows([self._pool_row(e) for e in self.entries] or
                           [Row([("No card matches these filters.", theme.MUTED, "regular")])])

    def _changed(self, keep_refusal: bool = False) -> None:
        """After every change of the deck: the pool, the deck's lines and its legality
        again."""
        catalog = self.catalog
        if not keep_refusal:
            self.refused = False
        self.problems = decklaw.check(catalog, self.deck, self.rules)
        self._pool_changed()
        rows = []
        for title, lines in deckpool.sections(catalog, self.deck):
            rows.append(Row([(title, theme.ACCENT, "bold")]))
            rows += [Row([(line.text, self._line_color(line), "regular")],
                         data=(line.part, line.key)) if line.part else
                     Row([(line.text, theme.MUTED, "bold")]) for line in lines]
            if not lines:
                rows.append(Row([("\u2014", theme.DIM, "regular")]))
        self.deck_list.set_rows(rows)
        self.problem_list.set_rows(self._problem_rows())
        self.who.choices = self._who_choices()

    def _pool_row(self, e: deckpool.Entry) -> Row:
        """A pool line (kept, wrapped, while its count in the deck stays the same)."""
        row = self._rows.get((e.key, e.count))
        if row is None:
            mark = f"  [{e.count} in deck]" if e.count else ""
            row = self._rows[(e.key, e.count)] = Row(
                [(f"{e.name}{mark}", theme.TEXT if not e.count else theme.LEGAL, "bold"),
                 (e.detail, theme.MUTED, "small")], data=e.key)
        return row

    def _line_color(self, line: deckpool.Line):
        for p in self.problems:
            if p.card == line.key and p.part == line.part:
                return theme.ACCENT if p.warning else theme.BAD
        return theme.TEXT

    def _problem_rows(self) -> list[Row]:
        rows = []
        for p in self.problems:
            color = theme.ACCENT if p.warning else theme.BAD
            head = "Advice" if p.warning else "Not legal"
            rows.append(Row([(f"{head}: {p.message}", color, "regular")], data=p))
        if not rows:
            rows.append(Row([("Every deck rule is kept.", theme.GOOD, "bold")]))
        return rows

    @property
    def legal(self) -> bool:
        return not decklaw.errors(self.problems)

    def _filter(self, **changes) -> None:
        for key, value in changes.items():
            setattr(self.filters, key, value)
        self.pool.offset = 0
        self._pool_changed()

    def _set_rules(self, **changes) -> None:
        self.rules = DeckRules(**{"code_rule": self.rules.code_rule,
                                  "tournament": self.rules.tournament, **changes})
        self._changed()

    def _rename(self, value: str) -> None:
        self.deck.name = value

    def _add(self, key) -> None:
        if not isinstance(key, str):
            return
        self.toast.show(deckpool.add(self.catalog, self.deck, key), theme.MUTED, 2.5)
        self._changed()

    def _remove(self, data) -> None:
        if not isinstance(data, tuple):
            return
        deckpool.remove(self.deck, *data)
        self._changed()

    def set_deck(self, deck: DeckList, message: str = "") -> None:
        """Work on ``deck`` (loaded, imported or new) from now on."""
        self.deck = deck.copy()
        self.kept = deck.copy()
        self.name_input.value = deck.name
        self._changed()
        if message:
            self.toast.show(message, theme.GOOD, 4)

    # -- the buttons ---------------------------------------------------------------------------
    @property
    def unsaved(self) -> bool:
        """The deck has changed since it was last saved, loaded, imported or begun."""
        return self.deck != self.kept

    def _unsaved_first(self, question: str, action: str, then: Callable[[], None]) -> None:
        """Do ``then`` now, or once the player agrees to drop the unsaved changes (Cancel
        keeps the deck as it is)."""
        if not self.unsaved:
            then()
            return
        name = self.deck.name.strip() or "this deck"
        self.app.push(Confirm(f"{question}? The changes to \u201c{name}\u201d are not saved.",
                              "They would be lost. Cancel keeps the deck as it is (Save "
                              "keeps the changes).", action, then))

    def new(self) -> None:
        self._unsaved_first("Start a new deck", "Drop them, start anew",
                            lambda: self.set_deck(empty_deck(), "A new, empty deck"))

    def load(self) -> None:
        self._unsaved_first("Load another deck", "Drop them, load\u2026",
                            lambda: self.app.push(DeckChooser(self)))

    def open_import(self) -> None:
        self._unsaved_first("Import a deck file", "Drop them, import\u2026",
                            lambda: self.app.push(ImportDialog(self)))

    def leave(self) -> None:
        """Back to the new-game screen."""
        self._unsaved_first("Leave the deck builder", "Drop them, leave", self.app.pop)

    def on_escape(self) -> None:
        self.leave()

    def _refuse(self, what: str) -> bool:
        """Refuse to save or export an unnamed or illegal deck (saying why)."""
        if not self.deck.name.strip():
            self.toast.show(f"Name the deck before you {what} it.")
            return True
        found = decklaw.errors(self.problems)
        if found:
            self.refused = True
            more = f" (and {len(found) - 1} more, listed on the right)" if len(found) > 1 else ""
            done = "saved" if what == "save" else "exported"
            self.toast.show(f"Not {done}: the deck is not legal: {found[0].message}{more}",
                            seconds=6)
            return True
        return False

    def save(self) -> None:
        if self._refuse("save"):
            return
        try:
            path = deckfile.save(self.deck)
        except OSError as exc:
            self.toast.show(f"The deck cannot be saved: {exc.strerror or exc}")
            return
        self.kept = self.deck.copy()
        self.toast.show(f"Saved as {path.name} (decks folder)", theme.GOOD)

    def export(self) -> None:
        if self._refuse("export"):
            return
        try:
            path = deckfile.export(self.deck)
        except OSError as exc:
            self.toast.show(f"The deck cannot be exported: {exc.strerror or exc}")
            return
        self.toast.show(f"Exported to {path}", theme.GOOD, 6)

    # -- drawing -------------------------------------------------------------------------------
    def handle(self, event) -> None:
        super().handle(event)
        self._cache = None  # anything may have changed (a hover, a click, a key)

    def draw(self, surf) -> None:
        """The screen is drawn once per change (an event, a change of the deck) and kept;
        each frame blits it and draws what moves on top (the name's caret, the toast)."""
        if self._cache is None or self._cache.get_size() != surf.get_size():
            self._cache = pygame.Surface(surf.get_size())
            self._draw_all(self._cache)
        surf.blit(self._cache, (0, 0))
        self.name_input.draw(surf)
        w, h = surf.get_size()
        self.toast.draw(surf, (w // 2, h - 120), 760)

    def _draw_all(self, surf) -> None:
        background(surf)
        text.draw(surf, "Deck builder", (20, 16, 210, 34), 26, theme.ACCENT, "bold")
        text.draw(surf, "The deck \u2014 click a line to take it out",
                  (self.deck_list.rect.left, TOP + 2, self.deck_list.rect.w, 20), 14,
                  theme.MUTED, "bold", min_size=9)
        legal = self.legal
        status = "Legal deck" if legal else \
            f"Not legal: {len(decklaw.errors(self.problems))} problem(s)"
        text.draw(surf, status, self.status_box, 17,
                  theme.GOOD if legal else theme.BAD, "bold")
        if self.refused:
            pygame.draw.rect(surf, theme.BAD, self.problem_list.rect.inflate(6, 6), 2,
                             border_radius=8)
        for wdg in self.widgets:
            if wdg is not self.name_input:
                wdg.draw(surf)
        self._draw_preview(surf)

    def hovered(self):
        """The card under the pointer: a pool line's, or a deck line's."""
        for lst in (self.pool, self.deck_list):
            index = lst.hover
            if index is None or index >= len(lst.rows):
                continue
            key = lst.rows[index].data
            if isinstance(key, tuple):
                key = key[-1]
            card = self.catalog.cards.get(key) if isinstance(key, str) else None
            if card is not None:
                return card
        return None

    def _draw_preview(self, surf) -> None:
        """The text of the card under the mouse, and its face beside the problems."""
        rect = self.preview
        pygame.draw.rect(surf, theme.PANEL, rect, border_radius=6)
        card = self.hovered()
        if card is not None and self.face_at.h >= 80 and card.kind != "deck":
            surf.blit(face(card, PAINTERS, self.face_at.w, self.face_at.h), self.face_at)
        if card is None:
            text.blit_wrapped(surf, "Click a card to add it: a character joins the team, a "
                                    "mission set or a Location is chosen, any other card goes "
                                    "into the Draw Pile.", rect.inflate(-16, -12), 13,
                              theme.MUTED)
            return
        text.draw(surf, card.name, (rect.left + 8, rect.top + 6, rect.w - 16, 20), 15,
                  theme.ACCENT, "bold")
        text.blit_wrapped(surf, card.text or card.data.get("flavor") or deckpool.detail(card),
                          pygame.Rect(rect.left + 8, rect.top + 26, rect.w - 16, rect.h - 30),
                          13, theme.TEXT)
