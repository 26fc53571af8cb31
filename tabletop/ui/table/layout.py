"""What a game's table layout provides (where zones and cards go, what is drawn over
them), and the sprites and drags the table works with."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from .. import theme


@dataclass
class Sprite:
    """A card as drawn: where, which way up, turned, and in which zone."""

    card: int
    rect: pygame.Rect
    zone: str
    face_up: bool = True
    angle: int = 0  # 90: turned sideways (knocked out); 180: inverted
    dim: bool = False
    extra: dict = field(default_factory=dict)


def seat_title(session, seat: int) -> str:
    """A seat as every table names it: its label and its player's name (``P2 Bo``),
    or the label alone when the name is only the label again."""
    from ...engine.moves import seat_label

    seats = session.seats
    name = seats[seat].name if seat < len(seats) else ""
    label = seat_label(seat)
    out = f"{label} {name}" if name and name != label else label
    roles = session.game.info.seat_roles
    if seat < len(roles) and roles[seat].casefold() not in name.casefold():
        out += f" ({roles[seat]})"
    return out


@dataclass
class Label:
    """A word or line on the table, with the box it must fit (drawn by :mod:`..text`)."""

    text: str
    box: pygame.Rect
    color: tuple
    size: int
    style: str = "bold"
    align: str = "left"
    valign: str = "middle"
    wrap: bool = False


@dataclass
class Drag:
    card: int
    sprite: Sprite
    grab: tuple[int, int]
    pos: tuple[int, int]
    start: tuple[int, int]
    active: bool = False
    #: the position (the session's changes) the table showed when the card was picked up
    built: int | None = None


#: the design's scale in the smallest window (1024x640)
SMALLEST_SCALE = 0.8


class Layout:
    """Base class of a game's table layout (see :mod:`tabletop.ui.brawl.layout`)."""

    panel_width = 300

    def __init__(self, scene) -> None:
        """``scene`` is the :class:`~tabletop.ui.table.scene.TableScene` it lays out."""
        self.scene = scene
        self.sprites: list[Sprite] = []
        self.zones: dict[str, pygame.Rect] = {}
        self.labels: list[Label] = []
        self.scale = 1.0

    def panel_px(self, size: tuple[int, int]) -> int:
        """The side panel's width in a window of ``size``: the design's at this window's
        scale, wider for a bigger text size (by its square root: the log's lines grow
        and the cards keep most of their room), never more than 36% of the window nor
        so wide that the cards get smaller than the smallest window's."""
        w, h = size
        base = self.panel_width * min(w / 1280, h / 720)
        wide = base * theme.text_scale ** 0.5
        # the cards never smaller than in the smallest window (1024x640: 0.8)
        room = w - (1280 - self.panel_width) * SMALLEST_SCALE
        return int(max(base, min(wide, 0.36 * w, room)))

    def scale_for(self, size: tuple[int, int]) -> float:
        """The scale of the 1280x720 design in a window of ``size``: the window's, less
        where a wider panel (a bigger text size) takes room from the cards."""
        w, h = size
        room = (w - self.panel_px(size)) / (1280 - self.panel_width)
        return min(w / 1280, h / 720, room)

    def S(self, v: float) -> int:
        """``v`` pixels of the 1280x720 design at this window's scale."""
        return int(v * self.scale)

    def label(self, text: str, box, color, size: int, style: str = "bold",
              align: str = "left", valign: str = "middle", wrap: bool = False) -> None:
        """A label to draw in ``box`` (it is shrunk to fit, never cut)."""
        self.labels.append(Label(text, pygame.Rect(box), color, size, style, align, valign,
                                 wrap))

    def draw_labels(self, surf) -> None:
        from .. import text

        for lab in self.labels:
            if lab.text:
                text.draw(surf, lab.text, lab.box, lab.size, lab.color, lab.style,
                          align=lab.align, valign=lab.valign, wrap=lab.wrap)

    def compute(self, view, viewer: int | None, size: tuple[int, int]) -> None:
        raise NotImplementedError

    def table_rect(self, size: tuple[int, int]) -> pygame.Rect:
        w, h = size
        return pygame.Rect(0, 0, w - self.panel_px((w, h)), h)

    def draw_under(self, surf, view) -> None:
        """Zones, labels and anything under the cards."""

    def draw_over(self, surf, view, sprite: Sprite) -> None:
        """Per-card overlays (health, badges)."""

    def draw_top(self, surf, view) -> None:
        """Lines and labels above all cards."""

    def info_lines(self, view) -> list[tuple[str, tuple]]:
        """Extra lines for the side panel, under the status (e.g. running totals)."""
        return []

    # -- hooks of the shared table (defaults suit most games) --------------------------
    #: the word for "it is this seat's turn" in the seat captions (a game's own term)
    turn_word = "turn"

    def hand_zone(self, viewer: int | None) -> str:
        """The zone of the hand in front of the screen (it keeps its places while the
        pointer is over it)."""
        return f"hand.{viewer if viewer is not None else 0}"

    def amounts(self, view) -> dict[int, int]:
        """A number per card that players watch change (e.g. health): when it changes,
        the difference rises from the card."""
        return {}

    def harm(self, view) -> int:
        """How much harm has been done so far (it grows when damage is dealt: the
        table's damage sound); by default the fall of :meth:`amounts`."""
        return -sum(self.amounts(view).values())

    def target_rect(self, move) -> pygame.Rect | None:
        """Where a drag move's target is lit and may be dropped on: the sprite of the card
        it lands on, or the zone (``GameText.landing``; override for targets drawn
        otherwise, e.g. a match-up of two cards or a character's whole area)."""
        target = self.scene.kit.gestures.landing(move)
        if isinstance(target, int):
            for sprite in self.sprites:
                if sprite.card == target:
                    return sprite.rect
            return None
        return self.zones.get(target) if isinstance(target, str) else None

    def progress(self, view) -> str:
        """How far the game has come, for the panel's heading (``turn 4``; before the
        first turn, ``set-up``). A game counting otherwise (OverPower's battles) says so."""
        turn = getattr(view, "turn", 0) or 0
        return f"turn {turn}" if turn >= 1 else "set-up"

    def seat_caption(self, view, seat: int) -> str:
        """A seat as every table names it: ``P2 Bo``, then ``· turn`` when it is that
        seat's turn and ``· acting now`` when it must act now during another's turn (so
        the table never seems to contradict the status line)."""
        out = seat_title(self.scene.session, seat)
        if seat in getattr(view, "eliminated", ()):
            return out + " \u00b7 eliminated"
        if view.over:
            return out
        if seat == view.current:
            out += f" \u00b7 {self.turn_word}"
        if seat == view.actor and seat != view.current:
            out += " \u00b7 acting now"
        return out

    def dialog(self, view, legal: list, viewer: int | None):
        """Hook: a :class:`~.dialog.Dialog` over the table for the decision in hand (its
        ``moves`` leave the panel's buttons) or something to show; None: no dialog."""
        return None

    def drop_target(self, pos, card: int):
        """Hook: what a card dropped at ``pos`` lands on, when the layout knows better
        than the card or zone under it (e.g. anywhere in a character's area means the
        character); None: the card or zone under the pointer."""
        return None

    def can_drag(self, sprite: Sprite, viewer: int | None) -> bool:
        """Hook: may ``viewer`` pick up this card although it lies in no zone of theirs
        (e.g. a card in a shared row that can be bought)? Such cards also light up when
        a move uses them."""
        return False
