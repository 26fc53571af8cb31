"""The table: one seat's view of a game, played with the mouse (see :mod:`.scene`)."""

from .layout import Drag, Label, Layout, Sprite
from .scene import TableScene

__all__ = ["Drag", "Label", "Layout", "Sprite", "TableScene"]
