"""The player's settings (animation speed, the computer's pace, full screen, text size,
colours, the sounds' volume and mute), kept in the user config folder
(:func:`~tabletop.engine.paths.user_config`) as a small JSON file.

A missing file means the defaults. A file that cannot be used (too big, not JSON, a value
this version does not know, a named pipe or a folder where the file should be) is never
fatal: the defaults stand in for what is wrong and :func:`load_settings` says why, so the
app can tell the player; the next save replaces it.
"""

from __future__ import annotations

import json
from concurrent.futures import Future
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from . import limits
from .files import write_later
from .paths import notice, user_config
from .safe_open import FileTooLarge, read_regular

#: animation speeds: how long motion takes (0: none)
ANIMATION = {"off": 0.0, "fast": 0.6, "normal": 1.0, "slow": 1.6}
#: the pause between two computer moves, in seconds (long enough to follow them)
PACE = {"quick": 0.35, "normal": 0.9, "slow": 1.6}
#: the window: a window, or the whole screen (F11 switches)
SCREEN = {"window": False, "full": True}
#: the size of the window's own words, menus, panel, log and dialogs (cards scale with
#: the window)
TEXT_SIZE = {"100": 1.0, "125": 1.25, "150": 1.5, "175": 1.75}
#: the colours: the standard set, or one safe for the common kinds of colour blindness
PALETTE = {"standard": "standard", "colour-blind": "colour-blind"}


@dataclass(frozen=True)
class Settings:
    animation: str = "normal"
    pace: str = "normal"
    screen: str = "window"
    text_size: str = "100"
    palette: str = "standard"
    #: the sounds' loudness, 0-100 (0: silent), and whether they are off
    volume: int = 70
    mute: bool = False

    @property
    def speed(self) -> float:
        """The factor of every animation's duration (0: animations off)."""
        return ANIMATION[self.animation]

    @property
    def pace_seconds(self) -> float:
        return PACE[self.pace]

    @property
    def full_screen(self) -> bool:
        return SCREEN[self.screen]

    @property
    def text_scale(self) -> float:
        return TEXT_SIZE[self.text_size]


CHOICES = {"animation": ANIMATION, "pace": PACE, "screen": SCREEN, "text_size": TEXT_SIZE,
           "palette": PALETTE}
#: the settings that are not one of a few words: a check of the value, and what it must be
CHECKS = {
    "volume": (lambda v: type(v) is int and 0 <= v <= 100, "a whole number from 0 to 100"),
    "mute": (lambda v: type(v) is bool, "true or false"),
}


def settings_path() -> Path:
    return user_config() / "settings.json"


def load_settings(path: Path | None = None) -> tuple[Settings, str]:
    """The settings, and "" or the reason the file (or part of it) was not used. Without
    ``path`` (the app's own file) the reason also says when ``TABLETOP_HOME`` could not
    be used (:func:`~tabletop.engine.paths.notice`): the app shows it at start."""
    if path is not None:
        return _load(path)
    settings, problem = _load(settings_path())
    return settings, " ".join(p for p in (notice(), problem) if p)


def _load(path: Path) -> tuple[Settings, str]:
    try:
        # a regular file within the limit, looked at before it is opened (a named pipe
        # would wait forever for a writer): :mod:`.safe_open`
        raw = read_regular(path, limits.MAX_SETTINGS_BYTES)
    except FileNotFoundError:
        return Settings(), ""
    except FileTooLarge as exc:
        limit = f"{limits.MAX_SETTINGS_BYTES:,}"
        return Settings(), _refused(path, f"it is more than {limit} bytes" if exc.grew
                                    else f"it is {exc.size:,} bytes (at most {limit})")
    except OSError as exc:
        return Settings(), _refused(path, exc.strerror or str(exc))
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        return Settings(), _refused(path, f"it is not readable JSON ({_short(exc)})")
    if not isinstance(data, dict):
        return Settings(), _refused(path, "it does not hold an object of settings")
    return _from_dict(path, data)


def _from_dict(path: Path, data: dict) -> tuple[Settings, str]:
    values, wrong = {}, []
    for f in fields(Settings):
        if f.name not in data:
            continue
        value = data[f.name]
        if f.name in CHECKS:
            valid, expected = CHECKS[f.name]
            if valid(value):
                values[f.name] = value
            else:
                wrong.append(f"{f.name} {limits.quoted(value)} ({expected})")
        elif isinstance(value, str) and value in CHOICES[f.name]:
            values[f.name] = value
        else:
            wrong.append(f"{f.name} {limits.quoted(value)} (one of "
                         f"{', '.join(CHOICES[f.name])})")
    unknown = sorted(set(data) - {f.name for f in fields(Settings)})
    wrong += [f"unknown setting {limits.quoted(k)}" for k in unknown[:3]]
    settings = replace(Settings(), **values)
    if wrong:
        return settings, (f"Some of your settings in {path.name} were not used: "
                          f"{'; '.join(wrong)}. The defaults stand in for them.")
    return settings, ""


def save_settings(settings: Settings, path: Path | None = None) -> Future:
    """Write the settings in the background (atomically); the future says how it went."""
    blob = json.dumps(asdict(settings), indent=1).encode("utf-8")
    return write_later(path or settings_path(), blob)


def _refused(path: Path, why: str) -> str:
    return f"Your settings file {path.name} was not used: {why}. The defaults apply until " \
           "you change a setting."


def _short(exc: BaseException) -> str:
    return limits.quoted(str(exc), 80).strip("'\"")
