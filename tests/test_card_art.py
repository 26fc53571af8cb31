"""Distinct character art: every character's picture is generated from its card data
(build, head, mask, palette, emblem by side and attack type), so no two characters of a
game's set look alike; a modder's card without art gets the same; a card may still name
its own image."""

from __future__ import annotations

import itertools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tabletop.engine.paths import mods_root  # noqa: E402
from tabletop.games import GAMES  # noqa: E402
from tabletop.ui import cardart  # noqa: E402
from tabletop.ui.kits import KITS  # noqa: E402

#: the least average difference (0-255 per channel) between two pictures of a set; the
#: earlier art (one silhouette in other colours) had pairs as close as 1.7
DISTINCT = 10.0


@pytest.fixture(autouse=True)
def _display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((8, 8))
    yield
    cardart._faces.clear()


def pictures(game_id: str, catalog) -> list[tuple[str, pygame.Surface]]:
    """The generated pictures of every card of a new game, drawn on their faces."""
    rules = GAMES[game_id].rules
    state = rules.new_state(catalog, rules.default_options(), 1)
    cards = list({card.id: card for card in state.cards}.values())
    cardart._faces.clear()
    with cardart.recording_pictures() as drawn:
        for card in cards:
            cardart.face(card, KITS[game_id].painters, 100, 140)
    return [(card.name, img) for card, img in drawn]


def difference(a: pygame.Surface, b: pygame.Surface) -> float:
    """The average difference of two pictures, each shrunk to 24x32, per channel."""
    sa = pygame.transform.smoothscale(a, (24, 32))
    sb = pygame.transform.smoothscale(b, (24, 32))
    total = 0
    for y in range(32):
        for x in range(24):
            p, q = sa.get_at((x, y)), sb.get_at((x, y))
            total += abs(p.r - q.r) + abs(p.g - q.g) + abs(p.b - q.b)
    return total / (24 * 32 * 3)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_no_two_characters_of_a_set_look_alike(game_id):
    found = pictures(game_id, GAMES[game_id].rules.load_catalog(mod_dirs=[]))
    if len(found) < 2:
        pytest.skip(f"{game_id} draws no character pictures")
    closest = min(((difference(a, b), na, nb) for (na, a), (nb, b) in
                   itertools.combinations(found, 2)), key=lambda t: t[0])
    assert closest[0] >= DISTINCT, f"{closest[1]} and {closest[2]} look alike ({closest[0]:.1f})"


def _mod(text: str, name: str = "mod.yaml"):
    root = mods_root()
    root.mkdir(parents=True, exist_ok=True)
    (root / name).write_text(text, encoding="utf-8")
    return root


CHARACTER = """game: brawl
cards:
  - id: lantern-moth
    kind: character
    name: Lantern Moth
    side: gray
    attack: energy
    health: 9
{art}    powers:
      - {{name: Glow, text: "A soft light.", damage: 2, speed: fast}}
      - {{name: Flutter, text: "Wings.", damage: 3, speed: normal}}
      - {{name: Blaze, text: "Bright.", damage: 5, speed: slow}}
"""


def test_a_modders_card_without_art_gets_a_figure_of_its_own():
    _mod(CHARACTER.format(art=""))
    catalog = GAMES["brawl"].rules.load_catalog()
    assert not catalog.errors, catalog.errors
    found = dict(pictures("brawl", catalog))
    moth = found.pop("Lantern Moth")
    assert min(difference(moth, other) for other in found.values()) >= DISTINCT


def test_a_card_may_still_name_its_own_image():
    root = _mod(CHARACTER.format(art="    art: moth.png\n"))
    image = pygame.Surface((40, 30))
    image.fill((255, 0, 255))
    pygame.image.save(image, str(root / "moth.png"))
    catalog = GAMES["brawl"].rules.load_catalog()
    assert not catalog.errors, catalog.errors
    moth = next(img for name, img in pictures("brawl", catalog) if name == "Lantern Moth")
    w, h = moth.get_size()
    assert moth.get_at((w // 2, h // 2))[:3] == (255, 0, 255)
