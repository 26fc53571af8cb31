"""The log file (issue 26): where it is, that it rotates, that a folder that cannot be
written never stops the app, and that an error nobody caught (in a thread, in a frame, in
the computer players' worker) is logged with its traceback and told to the player with
the log file's path."""

from __future__ import annotations

import json
import logging
import logging.handlers
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest

from tabletop import logs
from tabletop.ui import text
from tabletop.ui.app import App, Crashed, Scene


@pytest.fixture(autouse=True)
def fresh_logging(monkeypatch):
    """Each test sets logging up anew; the hooks and handlers it installs go with it."""
    root = logging.getLogger()
    before = list(root.handlers)
    level = logs.LOG.level
    for name in ("_handler", "_path", "_wanted", "_on_error", "_previous_sys",
                 "_previous_thread"):
        monkeypatch.setattr(logs, name, getattr(logs, name))
    monkeypatch.setattr(logs, "_handler", None)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    yield
    for handler in [h for h in root.handlers if h not in before]:
        root.removeHandler(handler)
        handler.close()
    logs.LOG.setLevel(level)


def home() -> Path:
    return Path(os.environ["TABLETOP_HOME"])


def test_the_log_folder_is_tabletop_home_logs_or_the_user_log_folder(monkeypatch):
    assert logs.log_dir() == home() / "logs"
    assert logs.log_path() == home() / "logs" / "tabletop.log"
    assert logs.log_path(logs.WORKER_LOG) == home() / "logs" / "worker.log"
    monkeypatch.delenv("TABLETOP_HOME")
    import platformdirs

    assert logs.log_dir() == Path(platformdirs.user_log_dir("tabletop", appauthor=False))


def test_setup_writes_a_rotating_utf8_file_once():
    path = logs.setup_logging()
    assert path == home() / "logs" / "tabletop.log" == logs.current_log()
    assert logs.setup_logging() == path  # idempotent
    ours = [h for h in logging.getLogger().handlers
            if isinstance(h, logging.handlers.RotatingFileHandler)
            and Path(h.baseFilename) == path]
    assert len(ours) == 1
    handler = ours[0]
    assert (handler.maxBytes, handler.backupCount, handler.encoding) == \
        (1_000_000, 3, "utf-8")
    logging.getLogger("tabletop.computers").info("thinking about P2 \u00e9l\u00e9phant")
    logging.getLogger("somelibrary").info("not ours: left out below a warning")
    handler.flush()
    written = path.read_text(encoding="utf-8")
    assert "INFO tabletop.computers" in written and "\u00e9l\u00e9phant" in written
    assert "not ours" not in written
    assert logs.where() == str(path)


def test_a_folder_that_cannot_be_written_falls_back_to_standard_error(capsys):
    (home() / "logs").parent.mkdir(parents=True, exist_ok=True)
    (home() / "logs").write_text("a file in the way")
    assert logs.setup_logging() is None  # never raises
    assert "the log file cannot be written" in capsys.readouterr().err
    logging.getLogger("tabletop.table").error("a problem at the table")
    assert "a problem at the table" in capsys.readouterr().err
    assert logs.where().startswith("standard error")
    assert "standard error" in logs.error_message("ValueError", "a frame")

    from tabletop.cli import main

    assert main(["--version"]) == 0  # the command runs on
    assert logs.current_log() is None


def test_an_uncaught_exception_in_the_main_thread_is_logged(capsys):
    path = logs.setup_logging()
    logs.install_excepthooks()
    try:
        raise LookupError("nobody caught me")
    except LookupError:
        sys.excepthook(*sys.exc_info())
    assert "LookupError: nobody caught me" in capsys.readouterr().err  # as ever
    written = path.read_text(encoding="utf-8")
    assert "CRITICAL tabletop" in written and "Traceback (most recent call last)" in written
    assert "LookupError: nobody caught me" in written


def _raise_in_a_thread(name: str) -> None:
    def fail() -> None:
        raise RuntimeError("the watcher broke")

    thread = threading.Thread(target=fail, name=name)
    thread.start()
    thread.join()


def test_an_exception_in_a_thread_is_logged_and_shown_in_the_app(monkeypatch):
    """The real start-up (make_app) with a light first screen: a thread fails while the
    app runs; the next frame shows the message with the log's path."""
    from tabletop.ui import start

    class Light(Scene):
        def __init__(self, on_ready=None) -> None:
            pass

    monkeypatch.setattr(start, "MainMenu", Light)
    monkeypatch.setattr(start, "install_signal_handlers", lambda: None)
    app = start.make_app()
    try:
        app.step(0.016)
        assert not app.notice.active
        _raise_in_a_thread("card-watcher")
        path = logs.log_path()
        written = path.read_text(encoding="utf-8")
        assert "uncaught exception in thread card-watcher" in written
        assert "Traceback (most recent call last)" in written
        assert "RuntimeError: the watcher broke" in written
        assert not app.notice.active  # the thread only queued it: the frame shows it
        with text.recording() as drawn:
            app.step(0.016)
        assert app.notice.active and str(path) in app.notice.message
        assert "RuntimeError" in app.notice.message and "card-watcher" in app.notice.message
        assert app.drawn_alone is None  # drawn over the scene
        assert any("RuntimeError" in d.text and not d.overflow for d in drawn)
        assert app.screen.get_rect().contains(app.notice.rect)
        assert app.running
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                             pos=app.notice.rect.center))
        app.step(0.016)  # a click on the message dismisses it
        assert not app.notice.active and app.running
    finally:
        app.quit()
        pygame.display.quit()


class Home(Scene):
    def draw(self, surf) -> None:
        surf.fill((0, 0, 0))


class Broken(Scene):
    closed = False

    def draw(self, surf) -> None:
        raise ValueError("a bug in a scene")

    def on_quit(self) -> None:
        Broken.closed = True


def test_a_frame_that_fails_goes_back_to_the_main_menu_with_a_message(monkeypatch):
    path = logs.setup_logging()
    monkeypatch.setattr(App, "home", Home)
    monkeypatch.setattr(pygame, "quit", lambda: None)  # run() ends with it; not here
    app = App(headless=True, ai_delay=0.0, mods=False)
    try:
        app.push(Home())
        app.push(Broken())
        steps = []

        def step(dt=None) -> None:
            steps.append(1)
            if len(steps) > 3:
                app.running = False
            App.step(app, 0.016)

        monkeypatch.setattr(app, "step", step)
        app.run()
        assert Broken.closed and isinstance(app.scene, Home) and len(app.scenes) == 1
        assert str(path) in app.notice.message and "main menu" in app.notice.message
        written = path.read_text(encoding="utf-8")
        assert "a frame failed (in Broken)" in written
        assert "ValueError: a bug in a scene" in written and "Traceback" in written

        app.running = True  # failing again and again: the app stops, it does not loop
        monkeypatch.setattr(Home, "draw", Broken.draw)
        steps.clear()
        with pytest.raises(Crashed) as crash:
            app.run()
        assert str(path) in str(crash.value)
    finally:
        app.quit()
        pygame.display.quit()


# The main menu cannot be drawn: the app stops with a message on standard error, the
# traceback in the log file.
CRASH = """
import sys
import tabletop.ui.menu as menu

def draw(self, surf):
    raise ZeroDivisionError("the menu cannot be drawn")

menu.MainMenu.draw = draw
from tabletop.cli import main
sys.exit(main([]))
"""


def test_an_app_that_cannot_go_on_says_where_the_log_is(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TABLETOP_HOME": str(tmp_path / "home")}
    out = subprocess.run([sys.executable, "-c", CRASH], env=env, capture_output=True,
                         text=True, timeout=120)
    path = tmp_path / "home" / "logs" / "tabletop.log"
    assert out.returncode == 1, out.stderr
    assert str(path) in out.stderr and "Tabletop has stopped" in out.stderr
    assert "Traceback" not in out.stderr  # for the player: the details are in the file
    written = path.read_text(encoding="utf-8")
    assert "ZeroDivisionError: the menu cannot be drawn" in written
    assert "Traceback (most recent call last)" in written


def test_the_worker_logs_its_own_uncaught_exception(tmp_path):
    env = {**os.environ, "TABLETOP_HOME": str(tmp_path / "home")}
    setup = json.dumps({"game": "nosuch", "options": {}, "seed": 1, "mods": False,
                        "position": None})
    out = subprocess.run([sys.executable, "-m", "tabletop.worker_process"], input=setup + "\n",
                         env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode != 0
    assert "Traceback" in out.stderr and "KeyError" in out.stderr  # the table reads it
    written = (tmp_path / "home" / "logs" / "worker.log").read_text(encoding="utf-8")
    assert "computer players' worker started" in written
    assert "Traceback (most recent call last)" in written and "unknown game 'nosuch'" in written
    assert not (tmp_path / "home" / "logs" / "tabletop.log").exists()  # a file of its own


def test_the_table_logs_a_worker_that_died_with_its_last_words(caplog):
    from tabletop.worker import ComputerWorker

    worker = ComputerWorker("nosuch", {}, 1, False)
    with caplog.at_level(logging.WARNING, logger="tabletop.worker"):
        end = time.monotonic() + 30
        while time.monotonic() < end and not any(
                r.name == "tabletop.worker" for r in caplog.records):
            time.sleep(0.02)
    worker.close()
    record = next(r for r in caplog.records if r.name == "tabletop.worker")
    assert record.levelno == logging.ERROR
    message = record.getMessage()
    assert "ended unasked" in message and "unknown game 'nosuch'" in message


def test_a_worker_told_to_stop_is_no_error(caplog):
    from tabletop.worker import ComputerWorker

    with caplog.at_level(logging.DEBUG, logger="tabletop.worker"):
        worker = ComputerWorker("brawl", {}, 1, False)
        worker.close()
        end = time.monotonic() + 30
        while time.monotonic() < end and not any(
                r.name == "tabletop.worker" for r in caplog.records):
            time.sleep(0.02)
    assert [r.levelno for r in caplog.records if r.name == "tabletop.worker"] == \
        [logging.DEBUG]


@pytest.mark.parametrize("deep", [False, True])
def test_the_settings_screen_shows_the_log_file_inside_the_window(monkeypatch, tmp_path,
                                                                  deep):
    from tabletop.ui.screens import SettingsScreen

    if deep:  # a long path loses its middle, never its file name
        monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / ("very-long-folder-name-" * 8)
                                                / "home"))
    path = logs.setup_logging()
    app = App(size=(1024, 640), headless=True, ai_delay=0.0, mods=False)
    try:
        app.push(SettingsScreen())
        with text.recording() as drawn:
            app.step(0.016)
        window = app.screen.get_rect()
        shown = [d for d in drawn if d.text.endswith("tabletop.log")]
        assert len(shown) == 1, [d.text for d in drawn]
        line = shown[0]
        assert window.contains(line.rect) and not line.overflow
        if deep:
            assert text.ELLIPSIS in line.text and line.text.startswith(str(path)[:10])
        else:
            assert line.text == str(path)
        assert any(d.text == "Log file" for d in drawn)
        assert not [d.text for d in drawn if d.overflow]
    finally:
        app.quit()
        pygame.display.quit()
