"""Everything pygame: the app, the menus, the table and the card art.

Importing the package registers the main menu as the app's home screen (``App.home``),
so any scene can return to it without importing the menu.
"""

from . import menu as _menu  # noqa: F401  (registers App.home)
