"""Online play: ``tabletop serve`` holds tables and plays them by the engine's rules;
clients see only their seat's view (:mod:`.server`, :mod:`.room`, :mod:`.client`,
:mod:`.protocol`, :mod:`.store`). Imports the engine and the game registry, never
pygame."""
