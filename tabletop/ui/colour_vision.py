"""How colours look to the three common kinds of colour blindness, and how far apart two
colours look: the check behind the colour-blind-safe palette (:mod:`.palette`).

The simulation is Machado, Oliveira and Fernandes (2009) at full severity, applied to
linear sRGB; the distance is CIE76 (Euclidean in CIELAB, D65). Pure Python for single
colours; :func:`simulate_surface` (screenshots) uses numpy, imported when called.
"""

from __future__ import annotations

import math

Colour = tuple[int, int, int]

#: Machado et al. 2009, severity 1.0, linear RGB
MATRICES = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
KINDS = tuple(MATRICES)


def _linear(c: float) -> float:
    c /= 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _srgb(c: float) -> int:
    c = min(1.0, max(0.0, c))
    c = c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return int(round(c * 255))


def simulate(colour: Colour, kind: str) -> Colour:
    """``colour`` as seen with ``kind`` of colour blindness."""
    rgb = [_linear(c) for c in colour[:3]]
    m = MATRICES[kind]
    return tuple(_srgb(sum(m[i][j] * rgb[j] for j in range(3))) for i in range(3))  # type: ignore[return-value]


def lab(colour: Colour) -> tuple[float, float, float]:
    r, g, b = (_linear(c) for c in colour[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def distance(a: Colour, b: Colour) -> float:
    """CIE76 colour difference (about 2: just noticeable; 20 and more: clearly apart)."""
    return math.dist(lab(a), lab(b))


def worst_distance(a: Colour, b: Colour) -> tuple[float, str]:
    """The smallest difference between ``a`` and ``b`` over normal vision and the three
    kinds of colour blindness, and which one it is."""
    out = (distance(a, b), "normal vision")
    for kind in KINDS:
        d = distance(simulate(a, kind), simulate(b, kind))
        if d < out[0]:
            out = (d, kind)
    return out


def simulate_surface(surface, kind: str):
    """A copy of a pygame surface as seen with ``kind`` of colour blindness."""
    import numpy as np
    import pygame

    rgb = pygame.surfarray.array3d(surface).astype(np.float64) / 255.0
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    seen = np.clip(linear @ np.array(MATRICES[kind]).T, 0.0, 1.0)
    out = np.where(seen <= 0.0031308, seen * 12.92, 1.055 * seen ** (1 / 2.4) - 0.055)
    return pygame.surfarray.make_surface(np.round(out * 255).astype(np.uint8))
