"""``python -m tabletop`` starts the app (see ``tabletop --help`` for the other commands)."""

import sys

from .cli import main

sys.exit(main())
