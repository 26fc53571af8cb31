"""Character pictures generated from card data (original art, drawn in code).

Every character gets a figure of its own: its *side* (hero, villain, gray...) sets the
palette's family, the kind of chest plate and the glow of the eyes; its *attack type*
(or, for a card without one, its name) sets the emblem; and its id seeds the rest: the
build (caped, broad, slender, armoured, robed, winged, hulking), the head (helmet with a
fin, hood, horns, crown, spikes, antennae, a visor), the mask, the pose, the backdrop and
the exact hues. Any card without an ``art:`` image gets one, a modder's card too; a test
checks that no two characters of a set look alike.
"""

from __future__ import annotations

import colorsys
import math
import zlib
from dataclasses import dataclass

import pygame

#: emblems by attack type (Brawl's four and a few other games' words)
EMBLEM_OF = {"physical": "fist", "energy": "bolt", "mental": "eye", "fate": "star4",
             "flame": "flame", "frost": "flake", "gale": "swirl", "mind": "eye",
             "shadow": "moon", "might": "fist"}
EMBLEMS = ("star5", "diamond", "ring", "bolt", "triangle", "flame", "eye", "fist", "star4",
           "moon", "flake", "swirl")
BUILDS = ("caped", "broad", "slender", "armoured", "robed", "winged", "hulking")
HEADS = ("fin", "hood", "horns", "crown", "spikes", "antennae", "visor", "crest", "plain")
MASKS = ("domino", "visor", "goggles", "cyclops", "full", "bandana")
BACKDROPS = ("rays", "skyline", "rings", "stars", "grid", "cracks", "clouds", "waves")
POSES = ("down", "fist_up", "wide", "crossed")
#: the eyes' glow by side
EYES = {"hero": (236, 246, 255), "villain": (255, 92, 70), "gray": (170, 255, 170)}


@dataclass(frozen=True)
class Traits:
    """What a character's picture is made of."""

    seed: int
    side: str
    emblem: str
    build: str
    head: str
    mask: str
    backdrop: str
    pose: str
    body: tuple[int, int, int]
    trim: tuple[int, int, int]
    sky: tuple[int, int, int]
    glow: tuple[int, int, int]


class _R:
    """A tiny deterministic generator (independent of the game's randomness)."""

    def __init__(self, seed: int) -> None:
        self.s = seed & 0xFFFFFFFF or 1

    def next(self) -> float:
        self.s ^= (self.s << 13) & 0xFFFFFFFF
        self.s ^= self.s >> 17
        self.s ^= (self.s << 5) & 0xFFFFFFFF
        return (self.s & 0xFFFFFF) / float(0x1000000)

    def pick(self, items):
        return items[int(self.next() * len(items)) % len(items)]


def side_of(card) -> str:
    """hero, villain or gray (a card's ``side``, else what its kind or type says)."""
    data = getattr(card, "data", {}) or {}
    side = data.get("side")
    if isinstance(side, str) and side:
        return side
    kind = f"{getattr(card, 'kind', '')} {data.get('type', '')}"
    if "villain" in kind or "weakness" in kind:
        return "villain"
    return "hero"


def _hsv(color) -> tuple[float, float, float]:
    return colorsys.rgb_to_hsv(*(c / 255 for c in color[:3]))


def _rgb(h: float, s: float, v: float) -> tuple[int, int, int]:
    r, g, b = colorsys.hsv_to_rgb(h % 1.0, max(0.0, min(1.0, s)), max(0.0, min(1.0, v)))
    return int(r * 255), int(g * 255), int(b * 255)


def traits_of(card, base, accent) -> Traits:
    """The picture's traits from the card: ``base`` and ``accent`` are the colours the
    game gives the card (its side's, its type's); the id varies everything else."""
    data = getattr(card, "data", {}) or {}
    seed = zlib.crc32(f"{card.id}/{card.name}".encode())
    r = _R(seed)
    side = side_of(card)
    attack = data.get("attack") if isinstance(data.get("attack"), str) else \
        data.get("type") if isinstance(data.get("type"), str) else None
    emblem = EMBLEM_OF.get(attack or "") or r.pick(EMBLEMS)
    h, s, v = _hsv(base)
    ah, as_, av = _hsv(accent)
    hue = h + (r.next() - 0.5) * 0.3
    if r.next() < 0.2:  # now and then a costume in the opposite colour
        hue += 0.5
    body = _rgb(hue, 0.35 + r.next() * 0.5, 0.25 + r.next() * 0.35)
    trim = _rgb(ah + (r.next() - 0.5) * 0.3, 0.55 + r.next() * 0.4, 0.75 + r.next() * 0.25)
    sky = _rgb(h + (r.next() - 0.5) * 0.8, 0.3 + r.next() * 0.55, 0.35 + r.next() * 0.45)
    glow = EYES.get(side, (255, 230, 140))
    builds = BUILDS if side != "villain" else BUILDS + ("hulking", "armoured")
    heads = HEADS if side != "villain" else HEADS + ("horns", "spikes")
    return Traits(seed, side, emblem, r.pick(builds), r.pick(heads), r.pick(MASKS),
                  r.pick(BACKDROPS), r.pick(POSES), body, trim, sky, glow)


def _shade(color, k: float) -> tuple[int, int, int]:
    return tuple(max(0, min(255, int(c * k))) for c in color[:3])


# -- the picture ------------------------------------------------------------------------------
def paint(surf: pygame.Surface, rect: pygame.Rect, t: Traits) -> None:
    """Draw the character with traits ``t`` into ``rect`` of ``surf``."""
    w, h = rect.size
    if w < 4 or h < 4:
        return
    sub = pygame.Surface((w, h), pygame.SRCALPHA)
    r = _R(t.seed ^ 0x5EED)
    _sky(sub, t)
    _backdrop(sub, r, t)
    cx = w // 2 + int((r.next() - 0.5) * w * 0.12)
    hr = max(3, int(min(w * 0.14, h * 0.19) * (0.8 + r.next() * 0.4)))
    head = (cx, int(h * 0.36))
    if t.build == "hulking":
        hr = max(3, int(hr * 0.8))
        head = (cx, int(h * 0.30))
    _behind(sub, r, t, head, hr)
    _body(sub, r, t, head, hr)
    _arms(sub, t, head, hr)
    _headgear(sub, t, head, hr)
    pygame.draw.circle(sub, _shade(t.body, 0.7), head, hr + 1)
    pygame.draw.circle(sub, t.body, head, hr)
    _mask(sub, t, head, hr)
    _plate(sub, t, (head[0], head[1] + int(hr * 2.9)), max(3, int(hr * 0.85)))
    surf.blit(sub, rect)
    pygame.draw.rect(surf, _shade(t.sky, 0.5), rect, 1)


def _sky(sub: pygame.Surface, t: Traits) -> None:
    w, h = sub.get_size()
    top, bottom = _shade(t.sky, 1.1), _shade(t.sky, 0.3)
    for y in range(h):
        k = y / max(1, h - 1)
        color = tuple(int(top[i] + (bottom[i] - top[i]) * k) for i in range(3))
        pygame.draw.line(sub, color, (0, y), (w - 1, y))


def _rays(sub, r: _R, t: Traits, light, dark) -> None:
    w, h = sub.get_size()
    cx, cy = w // 2, int(h * 0.4)
    n = 8 + int(r.next() * 8)
    for i in range(n):
        a = i * 2 * math.pi / n + r.next() * 0.2
        pts = [(cx, cy), (cx + math.cos(a) * w * 1.5, cy + math.sin(a) * w * 1.5),
               (cx + math.cos(a + 0.17) * w * 1.5, cy + math.sin(a + 0.17) * w * 1.5)]
        pygame.draw.polygon(sub, light, pts)


def _skyline(sub, r: _R, t: Traits, light, dark) -> None:
    w, h = sub.get_size()
    x = 0
    while x < w:
        bw = max(3, int(w * (0.07 + r.next() * 0.1)))
        bh = int(h * (0.25 + r.next() * 0.45))
        pygame.draw.rect(sub, dark, (x, h - bh, bw, bh))
        for wy in range(h - bh + 3, h - 2, max(3, h // 16)):
            if r.next() > 0.45:
                pygame.draw.rect(sub, (*t.trim, 170), (x + 1, wy, max(1, bw // 4), 1))
        x += bw + 1


def _rings(sub, r: _R, t: Traits, light, dark) -> None:
    w, h = sub.get_size()
    for i in range(7, 0, -1):
        pygame.draw.circle(sub, light, (w // 2, int(h * 0.4)), int(w * 0.12 * i),
                           max(1, w // 60))


def _stars(sub, r: _R, t: Traits, light, dark) -> None:
    w, h = sub.get_size()
    for _ in range(10 + w // 3):
        pygame.draw.circle(sub, (255, 255, 255, int(70 + r.next() * 170)),
                           (int(r.next() * w), int(r.next() * h)), 1)


def _grid(sub, r: _R, t: Traits, light, dark) -> None:
    w, h = sub.get_size()
    step = max(5, w // 9)
    for x in range(0, w, step):
        pygame.draw.line(sub, light, (x, 0), (x, h))
    for y in range(0, h, step):
        pygame.draw.line(sub, light, (0, y), (w, y))


def _cracks(sub, r: _R, t: Traits, light, dark) -> None:
    w, h = sub.get_size()
    for _ in range(5):
        x, y = r.next() * w, r.next() * h
        for _ in range(5):
            nx, ny = x + (r.next() - 0.5) * w * 0.5, y + (r.next() - 0.3) * h * 0.4
            pygame.draw.line(sub, (*t.trim, 150), (x, y), (nx, ny), max(1, w // 50))
            x, y = nx, ny


def _clouds(sub, r: _R, t: Traits, light, dark) -> None:
    w, h = sub.get_size()
    for _ in range(6):
        c = (int(r.next() * w), int(r.next() * h * 0.8))
        pygame.draw.ellipse(sub, light, (c[0] - w // 4, c[1] - h // 14, w // 2, h // 7))


def _waves(sub, r: _R, t: Traits, light, dark) -> None:
    w, h = sub.get_size()
    for i in range(6):
        y0 = int(h * (0.2 + i * 0.14))
        pts = [(x, y0 + math.sin(x / max(1, w) * 9 + i) * h * 0.03) for x in range(0, w + 4, 4)]
        if len(pts) > 1:
            pygame.draw.lines(sub, light, False, pts, max(1, w // 60))


_BACKDROP = {"rays": _rays, "skyline": _skyline, "rings": _rings, "stars": _stars,
             "grid": _grid, "cracks": _cracks, "clouds": _clouds, "waves": _waves}


def _backdrop(sub: pygame.Surface, r: _R, t: Traits) -> None:
    _BACKDROP[t.backdrop](sub, r, t, (*_shade(t.sky, 1.5), 70), _shade(t.sky, 0.4))


def _behind(sub: pygame.Surface, r: _R, t: Traits, head, hr: int) -> None:
    """A cape, wings or an aura behind the body."""
    w, h = sub.get_size()
    x, y = head
    cape = _shade(t.trim, 0.55) if t.side != "villain" else _shade(t.body, 0.6)
    if t.build == "caped":
        pygame.draw.polygon(sub, cape, [(x - hr * 2, y + hr), (x + hr * 2, y + hr),
                                        (x + int(w * 0.46), h), (x - int(w * 0.46), h)])
    elif t.build == "winged":
        for sgn in (-1, 1):
            tips = [(x + sgn * hr, y + hr * 2), (x + sgn * int(w * 0.48), y - hr * 2),
                    (x + sgn * int(w * 0.42), y + hr), (x + sgn * int(w * 0.47), y + hr * 2),
                    (x + sgn * int(w * 0.36), y + hr * 3), (x + sgn * hr * 2, y + hr * 4)]
            pygame.draw.polygon(sub, _shade(t.trim, 0.7), tips)
    elif t.build == "robed":
        pygame.draw.circle(sub, (*t.glow, 50), (x, y + hr * 2), int(hr * 3.2))


def _body(sub: pygame.Surface, r: _R, t: Traits, head, hr: int) -> None:
    w, h = sub.get_size()
    x, y = head
    body = t.body
    top = y + hr - 1
    widths = {"broad": 2.9, "slender": 1.7, "armoured": 2.6, "robed": 2.0, "hulking": 3.6,
              "caped": 2.2, "winged": 2.1}
    sw = int(hr * widths.get(t.build, 2.2))
    if t.build == "robed":
        pygame.draw.polygon(sub, body, [(x - hr, top), (x + hr, top), (x + int(sw * 1.6), h),
                                        (x - int(sw * 1.6), h)])
        pygame.draw.line(sub, t.trim, (x, top + hr), (x, h), max(1, hr // 3))
    elif t.build == "hulking":
        pygame.draw.ellipse(sub, body, (x - sw, top - hr // 2, sw * 2, int(h - top + hr)))
    else:
        pts = [(x - sw, top + hr), (x - hr // 2, top), (x + hr // 2, top), (x + sw, top + hr),
               (x + int(sw * 0.8), h), (x - int(sw * 0.8), h)]
        pygame.draw.polygon(sub, body, pts)
    if t.build == "armoured":
        for sgn in (-1, 1):
            pygame.draw.polygon(sub, t.trim, [(x + sgn * hr, top), (x + sgn * (sw + hr // 2),
                                              top + hr // 2), (x + sgn * sw, top + hr * 2),
                                              (x + sgn * hr, top + hr)])
    elif t.build == "broad":
        pygame.draw.line(sub, t.trim, (x - sw, top + hr), (x + sw, top + hr), max(1, hr // 3))
    pygame.draw.rect(sub, _shade(body, 0.75), (x - hr // 2, y + hr // 2, hr, hr))  # neck


def _arms(sub: pygame.Surface, t: Traits, head, hr: int) -> None:
    if t.build == "robed":
        return
    w, h = sub.get_size()
    x, y = head
    shoulder = y + hr * 2
    reach = int(hr * (3.0 if t.build == "hulking" else 2.4))
    width = max(2, int(hr * (1.0 if t.build in ("hulking", "broad") else 0.7)))
    color = _shade(t.body, 0.85)
    fist = max(2, width // 2 + 1)
    for sgn in (-1, 1):
        sx = x + sgn * int(hr * 2)
        if t.pose == "fist_up" and sgn > 0:
            end = (sx + sgn * hr, y - hr)
        elif t.pose == "wide":
            end = (sx + sgn * reach, shoulder + hr)
        elif t.pose == "crossed":
            end = (x - sgn * hr, shoulder + hr * 2)
        else:
            end = (sx + sgn * hr // 2, min(h - 2, shoulder + reach))
        pygame.draw.line(sub, color, (sx, shoulder), end, width)
        pygame.draw.circle(sub, t.trim, end, fist)


def _headgear(sub: pygame.Surface, t: Traits, head, hr: int) -> None:
    x, y = head
    trim, body = t.trim, _shade(t.body, 0.8)
    g = t.head
    if g == "fin":
        pygame.draw.polygon(sub, trim, [(x, y - int(hr * 2.1)), (x - hr // 3, y - hr // 2),
                                        (x + hr // 3, y - hr // 2)])
    elif g == "hood":
        pygame.draw.circle(sub, _shade(t.body, 0.6), (x, y - hr // 5), int(hr * 1.35))
    elif g == "horns":
        for sgn in (-1, 1):
            pygame.draw.polygon(sub, trim, [(x + sgn * hr // 2, y - hr // 2),
                                            (x + sgn * hr * 2, y - hr * 2),
                                            (x + sgn * hr, y)])
    elif g == "crown":
        pts = [(x - hr, y - hr // 2), (x - hr, y - hr * 3 // 2), (x - hr // 2, y - hr),
               (x, y - hr * 7 // 4), (x + hr // 2, y - hr), (x + hr, y - hr * 3 // 2),
               (x + hr, y - hr // 2)]
        pygame.draw.polygon(sub, trim, pts)
    elif g == "spikes":
        for i in range(5):
            a = math.pi * (1.1 + i * 0.2)
            pygame.draw.polygon(sub, body, [
                (x + math.cos(a - 0.25) * hr, y + math.sin(a - 0.25) * hr),
                (x + math.cos(a) * hr * 2, y + math.sin(a) * hr * 2),
                (x + math.cos(a + 0.25) * hr, y + math.sin(a + 0.25) * hr)])
    elif g == "antennae":
        for sgn in (-1, 1):
            tip = (x + sgn * hr, y - hr * 2)
            pygame.draw.line(sub, trim, (x + sgn * hr // 3, y - hr), tip, max(1, hr // 5))
            pygame.draw.circle(sub, t.glow, tip, max(2, hr // 4))
    elif g == "visor":
        pygame.draw.rect(sub, trim, (x - hr - 1, y - hr - 2, hr * 2 + 2, hr), border_radius=2)
    elif g == "crest":
        pygame.draw.ellipse(sub, trim, (x - hr // 3, y - hr * 2, hr * 2 // 3, hr * 2))


def _mask(sub: pygame.Surface, t: Traits, head, hr: int) -> None:
    x, y = head
    eye_y = y - hr // 6
    ew, eh = max(2, hr // 3), max(2, hr // 4)
    glow = t.glow
    m = t.mask
    if m == "domino":
        pygame.draw.rect(sub, t.trim, (x - hr, eye_y - eh, hr * 2, eh * 2), border_radius=2)
    elif m == "visor":
        pygame.draw.rect(sub, glow, (x - int(hr * 0.8), eye_y - eh // 2, int(hr * 1.6),
                                     max(2, eh)), border_radius=2)
        return
    elif m == "goggles":
        for sgn in (-1, 1):
            pygame.draw.circle(sub, t.trim, (x + sgn * hr // 2, eye_y), max(2, hr // 3) + 1)
    elif m == "cyclops":
        pygame.draw.circle(sub, _shade(t.body, 0.5), (x, eye_y), max(2, hr // 2))
        pygame.draw.circle(sub, glow, (x, eye_y), max(1, hr // 3))
        return
    elif m == "full":
        pygame.draw.circle(sub, _shade(t.trim, 0.8), (x, y), hr - 1)
    elif m == "bandana":
        pygame.draw.rect(sub, t.trim, (x - hr, y + hr // 6, hr * 2, hr // 2 + 1))
    for sgn in (-1, 1):
        pygame.draw.ellipse(sub, glow, (x + sgn * hr // 2 - ew // 2, eye_y - eh // 2, ew, eh))


def _plate(sub: pygame.Surface, t: Traits, center, r: int) -> None:
    """The chest plate (its shape by side) and the emblem on it."""
    w, h = sub.get_size()
    x, y = center
    if y + r // 2 >= h:
        return
    shapes = PLATES.get(t.side, PLATES["gray"])
    pts = shapes[(t.seed >> 7) % len(shapes)](x, y, r)
    pygame.draw.polygon(sub, _shade(t.trim, 0.6), pts)
    pygame.draw.polygon(sub, t.trim, pts, max(1, r // 5))
    emblem(sub, t.emblem, (x, y - r // 6), max(2, int(r * 0.62)), t.glow)


def _fist(surf, x, y, r, color) -> None:
    pygame.draw.rect(surf, color, (x - r, y - r // 2, 2 * r, r + r // 2),
                     border_radius=max(1, r // 3))


def _bolt(surf, x, y, r, color) -> None:
    pts = [(x + r * 0.2, y - r), (x - r * 0.6, y + r * 0.15), (x, y + r * 0.15),
           (x - r * 0.2, y + r), (x + r * 0.6, y - r * 0.15), (x, y - r * 0.15)]
    pygame.draw.polygon(surf, color, pts)


def _eye(surf, x, y, r, color) -> None:
    pygame.draw.ellipse(surf, color, (x - r, y - r // 2, 2 * r, r))
    pygame.draw.circle(surf, (20, 20, 28), (x, y), max(1, r // 3))


def _star(n: int):
    def draw(surf, x, y, r, color) -> None:
        pts = []
        for i in range(n * 2):
            a = -math.pi / 2 + i * math.pi / n
            rr = r if i % 2 == 0 else r * 0.42
            pts.append((x + math.cos(a) * rr, y + math.sin(a) * rr))
        pygame.draw.polygon(surf, color, pts)
    return draw


def _moon(surf, x, y, r, color) -> None:
    pygame.draw.circle(surf, color, (x, y), r)
    pygame.draw.circle(surf, (20, 20, 28), (x + r // 2, y - r // 3), int(r * 0.8))


def _flake(surf, x, y, r, color) -> None:
    for i in range(3):
        a = i * math.pi / 3
        dx, dy = math.cos(a) * r, math.sin(a) * r
        pygame.draw.line(surf, color, (x - dx, y - dy), (x + dx, y + dy), max(1, r // 4))


def _swirl(surf, x, y, r, color) -> None:
    for i, k in enumerate((1.0, 0.6)):
        box = pygame.Rect(0, 0, int(2 * r * k), int(2 * r * k))
        box.center = (x, y)
        pygame.draw.arc(surf, color, box, 0.5 + i, 4.5 + i, max(1, r // 4))


_EMBLEM = {
    "fist": _fist, "bolt": _bolt, "eye": _eye, "star4": _star(4), "star5": _star(5),
    "diamond": lambda s, x, y, r, c: pygame.draw.polygon(s, c, [(x, y - r), (x + r, y),
                                                                (x, y + r), (x - r, y)]),
    "ring": lambda s, x, y, r, c: pygame.draw.circle(s, c, (x, y), r, max(1, r // 3)),
    "flame": lambda s, x, y, r, c: pygame.draw.polygon(s, c, [
        (x, y - r), (x + r * 0.7, y + r * 0.3), (x, y + r), (x - r * 0.7, y + r * 0.3)]),
    "moon": _moon, "flake": _flake, "swirl": _swirl,
    "triangle": lambda s, x, y, r, c: pygame.draw.polygon(s, c, [(x, y - r), (x + r, y + r),
                                                                 (x - r, y + r)]),
}


def _ngon(n: int, turn: float = 0.0):
    def pts(x, y, r):
        return [(x + math.cos(turn + i * 2 * math.pi / n) * (r + 2),
                 y + math.sin(turn + i * 2 * math.pi / n) * (r + 2)) for i in range(n)]
    return pts


#: chest plates by side: heroes' shields and rounds, villains' points, grays' diamonds
PLATES = {
    "hero": (lambda x, y, r: [(x - r, y - r), (x + r, y - r), (x + r, y), (x, y + r + r // 2),
                              (x - r, y)],
             _ngon(12), _ngon(5, -math.pi / 2)),
    "villain": (lambda x, y, r: [(x - r - r // 2, y - r), (x + r + r // 2, y - r),
                                 (x, y + r + r // 2)],
                _ngon(6), lambda x, y, r: [(x - r, y - r - 3), (x, y - r // 3), (x + r, y - r - 3),
                                           (x + r, y + r // 2), (x, y + r + 3),
                                           (x - r, y + r // 2)]),
    "gray": (_ngon(4, 0.0), _ngon(8, math.pi / 8),
             lambda x, y, r: [(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]),
}


def emblem(surf: pygame.Surface, kind: str, center, r: int, color) -> None:
    """A small sign: fist, bolt, eye, star, diamond, ring, flame, moon, flake, swirl..."""
    _EMBLEM.get(kind, _EMBLEM["triangle"])(surf, center[0], center[1], r, color)
