"""Drive the app headless with real (posted) mouse and keyboard events."""

from __future__ import annotations

import time

import pygame


def post(event_type, **kw) -> None:
    pygame.event.post(pygame.event.Event(event_type, **kw))


def look(app, frames: int = 60) -> None:
    """A person acts on what the table shows: run frames until the table's picture shows
    the position it is in (a click on an older picture plays nothing, as in the app)."""
    scene = app.scene if app.scenes else None
    if getattr(scene, "shown_changes", None) is None:
        return
    for _ in range(frames):
        if scene.shown_changes == scene.session.changes and scene.landing is None:
            return
        app.step(0.016)


def click(app, pos, button: int = 1, steps: int = 1) -> None:
    look(app)
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    for _ in range(steps):
        app.step(0.016)


def drag(app, start, end, steps: int = 6) -> None:
    """Press at ``start``, move in a few steps to ``end`` (frames drawn), release."""
    look(app)
    post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.step(0.016)
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0))
        app.step(0.016)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.step(0.016)


def key(app, key_code, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=key_code, mod=mod, unicode="", scancode=0)
    app.step(0.016)


def sprite_of(scene, name: str):
    state = scene.state
    for sprite in scene.layout_obj.sprites:
        if sprite.card >= 0 and state.name(sprite.card) == name:
            return sprite
    raise KeyError(f"no card {name!r} on the table")


def center_of(scene, name: str):
    return sprite_of(scene, name).rect.center


def zone_center(scene, zone: str):
    return scene.layout_obj.zones[zone].center


def by_label(widgets, label: str):
    return next(w for w in widgets if getattr(w, "label", None) == label)


def button(scene, label: str):
    for b in scene.buttons + scene.tools:
        if b.label == label:
            return b
    raise KeyError(f"no button {label!r}; have {[b.label for b in scene.buttons + scene.tools]}")


def frames(app, seconds: float = 20.0, dt: float = 0.016):
    """Run frames (``app.step``) for up to ``seconds`` of real time, yielding after each:
    the computer players think in their worker process meanwhile."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step(dt)
        yield
        time.sleep(0.002)


def settle(app, scene, seconds: float = 20.0) -> None:
    """Run frames until no computer seat has a move to make (a human must act, or the
    game is over)."""
    for _ in frames(app, seconds):
        s = scene.state
        if s.over or s.actor not in scene.computers.seats:
            return
    raise AssertionError("the computer players did not finish in time")


def pick_a_character(app, scene) -> list[str]:
    """Brawl's first move, with the mouse: drag a Character from P1's hand to the team
    area; the computer answers. Returns the moves played."""
    state = scene.state
    char = next(c for c in state.zones["hand.0"] if state.info[c].kind == "character")
    drag(app, center_of(scene, state.name(char)), zone_center(scene, "play.0"))
    settle(app, scene)
    return list(scene.session.notations)


def opened(app, frames: int = 300):
    """The screen a save opens once it has replayed: the table at once, or after the
    opening screen (a replay longer than the click's budget goes on between frames,
    :mod:`tabletop.ui.opening`), run here frame by frame with the time between them."""
    from tabletop.ui.opening import Opening

    for _ in range(frames):
        if not isinstance(app.scene, Opening):
            return app.scene
        app.spare(time.perf_counter() + 0.01)
        app.step(0.016)
    raise AssertionError(f"the save did not open in {frames} frames")


def ready_menu(size=(1280, 720), mods: bool = True):
    """The app, headless, computer players answering at once, on its main menu once the
    menu has read the games (a helper thread does after the first frame: a click before
    then is acted on later, tests/test_menu_start.py)."""
    from tabletop.ui.app import App
    from tabletop.ui.menu import MainMenu

    application = App(size=size, headless=True, ai_delay=0.0, mods=mods)
    menu = MainMenu()
    application.push(menu)
    application.step(0.016)
    deadline = time.monotonic() + 60
    while not menu.ready and time.monotonic() < deadline:
        application.step(0.016)
        time.sleep(0.005)
    assert menu.ready, "the main menu did not finish reading the games"
    return application
