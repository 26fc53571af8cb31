"""Autosaving off the frame: a journal line per change (never lost, even when the app is
killed), the durable write in the background (bursts coalesced), and reading a save
replays its journal."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tabletop.engine import autosave as autosave_module
from tabletop.engine.autosave import Autosaver, journal_of, recover
from tabletop.engine.info import SeatConfig
from tabletop.engine.rng import Rng
from tabletop.engine.saves import read_save, session_to_dict
from tabletop.engine.session import Session
from tabletop.games import GAMES


def game(brawl, brawl_cards, seed=5):
    return Session(brawl, brawl_cards, {}, seed, [SeatConfig("A"), SeatConfig("B")])


def play(session, n, rng):
    for _ in range(n):
        if session.state.over:
            return
        session.play(rng.choice(session.legal_moves()))


def test_the_journal_holds_every_change_and_reading_the_save_replays_it(
        brawl, brawl_cards, tmp_path, monkeypatch):
    path = tmp_path / "brawl-a.json"
    session = game(brawl, brawl_cards)
    saver = Autosaver(path)
    rng = Rng(1)
    for _ in range(12):
        play(session, 1, rng)
        saver.changed(session_to_dict(session))
    saver.close()
    assert read_save(path, GAMES)["moves"] == session.notations
    old = json.loads(path.read_text())
    # the game resumes; this time the app dies before any background write lands
    def dies(path, data):
        raise OSError("the app was killed")

    monkeypatch.setattr(autosave_module, "atomic_write", dies)
    saver = Autosaver(path, start=old["journal"])
    session.undo()
    saver.changed(session_to_dict(session))
    play(session, 3, rng)
    saver.changed(session_to_dict(session))
    saver.close()
    assert json.loads(path.read_text())["moves"] == old["moves"]  # the old save...
    assert read_save(path, GAMES)["moves"] == session.notations  # ...and the journal on top


def test_a_damaged_or_unfinished_journal_line_ends_the_replay(tmp_path):
    path = tmp_path / "g.json"
    data = {"moves": ["a", "b"], "journal": 3}
    journal_of(path).write_text(
        '{"seq":2,"keep":0,"add":["x"]}\n'          # older than the save: skipped
        '{"seq":4,"keep":1,"add":["c","d"]}\n'      # keeps "a"
        '{"seq":5,"keep":9,"add":["e"]}\n'          # keeps more than there is: stop
        '{"seq":6,"keep":0,"add":["f"]}\n')
    assert recover(path, data)["moves"] == ["a", "c", "d"]
    journal_of(path).write_text('{"seq":4,"keep":2,"add":["c"]}\n{"seq":5,"ke')
    assert recover(path, data)["moves"] == ["a", "b", "c"]


def test_a_save_written_while_it_is_being_read_loses_no_move(
        brawl, brawl_cards, tmp_path, monkeypatch):
    """The background write may land between reading the journal and reading the save
    (it then empties the journal): the reader takes the journal first, so the two join
    up whichever way the write falls."""
    from tabletop.engine import saves as saves_module

    path = tmp_path / "brawl-a.json"
    session = game(brawl, brawl_cards)
    play(session, 2, Rng(3))
    saver = Autosaver(path)
    saver.changed(session_to_dict(session))
    saver.close()  # the save holds the first two moves, the journal is empty
    play(session, 1, Rng(4))
    saver = Autosaver(path, start=json.loads(path.read_text())["journal"])
    def not_yet(path, data):
        raise OSError("not written yet")

    monkeypatch.setattr(autosave_module, "atomic_write", not_yet)
    saver.changed(session_to_dict(session))
    saver.close()
    assert journal_of(path).stat().st_size > 0
    newer = {**session_to_dict(session), "journal": saver._seq}
    real_journal, real_open = saves_module.read_journal, Path.open
    reads = []

    def write_lands():  # the writer's save, then its emptied journal
        path.write_text(json.dumps(newer))
        journal_of(path).write_text("")

    def reading_the_journal(p):
        raw = real_journal(p)
        reads.append("journal")
        if len(reads) == 1:
            write_lands()
        return raw

    def opening(self, *args, **kw):
        handle = real_open(self, *args, **kw)
        if self == path and args[:1] == ("rb",):
            data = handle.read()
            handle.close()
            reads.append("save")
            if len(reads) == 1:
                write_lands()
            return io.BytesIO(data)
        return handle

    monkeypatch.setattr(saves_module, "read_journal", reading_the_journal)
    monkeypatch.setattr(Path, "open", opening)
    assert read_save(path, GAMES)["moves"] == session.notations


def test_a_burst_of_changes_is_written_once_or_twice_not_each_time(
        brawl, brawl_cards, tmp_path, monkeypatch):
    writes = []
    real = autosave_module.atomic_write

    def slow_write(path, data):
        writes.append(threading.current_thread().name)
        time.sleep(0.05)
        real(path, data)

    monkeypatch.setattr(autosave_module, "atomic_write", slow_write)
    path = tmp_path / "burst.json"
    session = game(brawl, brawl_cards)
    saver = Autosaver(path)
    rng = Rng(2)
    for _ in range(40):
        play(session, 1, rng)
        saver.changed(session_to_dict(session))
    saver.close()
    assert read_save(path, GAMES)["moves"] == session.notations
    assert 1 <= len(writes) < 10, writes
    assert all(name == "autosave" for name in writes)  # never the caller's thread
    assert journal_of(path).read_bytes() == b""  # the save holds everything


def test_the_table_never_writes_durably_on_the_frame(monkeypatch, tmp_path):
    """A move on the table journals it; the fsync of the save happens in the
    background thread, not in the frame."""
    import pygame

    from tabletop.games import GAMES
    from tabletop.ui.app import App
    from tabletop.ui.kits import table_for

    synced_on = []
    real_fsync = os.fsync

    def spy(fd):
        synced_on.append(threading.current_thread() is threading.main_thread())
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", spy)
    app = App(headless=True, ai_delay=0.0, mods=False)
    try:
        session = Session(GAMES["brawl"], app.catalog("brawl"), {}, 3,
                          [SeatConfig("A"), SeatConfig("B")])
        scene = table_for(session, autosave=tmp_path / "brawl-t.json", hide_hands=False)
        app.push(scene)
        app.step(0.016)
        scene.play(scene.legal[0])
        app.step(0.016)
        scene.on_quit()  # waits for the last save
        assert synced_on and not any(synced_on), "a durable write ran on the frame"
        assert read_save(tmp_path / "brawl-t.json", GAMES)["moves"] == session.notations
    finally:
        app.quit()
        pygame.display.quit()


PLAYER = """
import sys
from tabletop.engine.autosave import Autosaver
from tabletop.engine.info import SeatConfig
from tabletop.engine.rng import Rng
from tabletop.engine.saves import session_to_dict
from tabletop.engine.session import Session
from tabletop.games import GAMES
from pathlib import Path
game = GAMES["brawl"]
session = Session(game, game.rules.load_catalog(mod_dirs=[]), {}, 11,
                  [SeatConfig("A"), SeatConfig("B")])
saver = Autosaver(Path(sys.argv[1]))
rng = Rng(11)
while not session.state.over:
    session.play(rng.choice(session.legal_moves()))
    saver.changed(session_to_dict(session))
    print(len(session.moves), flush=True)   # the move is played and journaled
"""


@pytest.mark.parametrize("delay", [0.3, 0.5, 0.8])
def test_killing_the_app_never_loses_a_move(tmp_path, delay):
    """kill -9 at some moment while moves are being played: the save read back holds
    every move the game reported played (the journal was written before it said so)."""
    path = tmp_path / "brawl-k.json"
    env = {**os.environ, "TABLETOP_HOME": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-c", PLAYER, str(path)], env=env,
                            stdout=subprocess.PIPE, text=True)
    reported = 0
    end = time.monotonic() + 30
    while time.monotonic() < end:
        line = proc.stdout.readline()
        if not line:
            break
        reported = int(line)
        if reported >= 20 and time.monotonic() > end - 30 + delay:
            os.kill(proc.pid, signal.SIGKILL)
            break
    proc.wait(timeout=10)
    assert reported > 0
    assert len(read_save(path, GAMES)["moves"]) >= reported


def test_a_game_killed_before_its_first_write_is_read_from_the_journal(
        brawl, brawl_cards, tmp_path, monkeypatch):
    """The save file does not exist yet (the background write never landed): the
    journal's first line carries the rest of the save, so nothing is lost."""
    def never(path, data):
        raise OSError("killed before the write")

    monkeypatch.setattr(autosave_module, "atomic_write", never)
    path = tmp_path / "brawl-new.json"
    session = game(brawl, brawl_cards)
    saver = Autosaver(path)
    rng = Rng(2)
    for _ in range(5):
        play(session, 1, rng)
        saver.changed(session_to_dict(session))
    saver.close()
    assert not path.exists()
    data = read_save(path, GAMES)
    assert data["moves"] == session.notations
    assert data["game"] == "brawl" and data["seed"] == session.seed
