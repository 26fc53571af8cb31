"""Everything that draws or reads the mouse (pygame). It asks the engine for legal moves
and sends moves; it never changes a game state itself."""
