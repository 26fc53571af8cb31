"""``tabletop bench``: measured figures a reader can compare between machines and commits.

Prints, in one run: the frame time (median and p99) of the real Brawl table holding 150
cards beside a bare pygame loop blitting the same 150 card images; random-playout games
per second; the time to copy a Brawl state; the YAML load time; save and load times; and
the time from starting the app to its first frame. Frame times use SDL's dummy video
driver (no screen), so they measure our drawing, not the graphics card.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def full_table_session(copies: int = 4):
    """A Three-Way Brawl table with 150 cards on it (card counts raised with copies)."""
    from dataclasses import replace

    from .engine.game import SeatConfig
    from .engine.session import Session
    from .games import get_game

    game = get_game("brawl")
    catalog = game.rules.load_catalog(mod_dirs=[])
    for cid, card in list(catalog.cards.items()):
        catalog.cards[cid] = replace(card, data={**card.data, "copies": copies})
    chars = [c.name for c in catalog.of_kind("character")]
    conds = [c.name for c in catalog.of_kind("condition")]
    inter = [c.name for c in catalog.of_kind("interruption")]
    pool = (conds + inter) * (copies - 1) + chars[15:] * copies
    position = {
        "turn": "P1",
        "play": {"P1": chars[0:5], "P2": chars[5:10], "P3": chars[10:15]},
        "hands": {"P1": pool[:45], "P2": pool[45:85], "P3": pool[85:125]},
        "conditions": conds[:8],
        "discard": pool[125:130],
    }
    options = game.rules.normalize_options({"three_way": True})
    state = game.positions.build(catalog, options, 1, position)
    seats = [SeatConfig(f"Player {i + 1}") for i in range(3)]
    return Session(game, catalog, options, 1, seats, initial=state)


def frame_times(frames: int) -> dict:
    import pygame

    from .ui.app import App
    from .ui.table import TableScene

    app = App(headless=True, ai_delay=1e9, mods=False)
    session = full_table_session()
    scene = TableScene(session, autosave=None, hide_hands=False)
    app.push(scene)
    scene.take_seat() if scene.handover_to is not None else None
    app.step(0.016)
    cards = len(scene.layout_obj.sprites)
    # the table, with the pointer moving over it (hover, buttons)
    table_ms = []
    for i in range(frames):
        pos = (100 + (i * 37) % 800, 100 + (i * 53) % 500)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                             buttons=(0, 0, 0)))
        t0 = time.perf_counter()
        app.step(0.016)
        table_ms.append((time.perf_counter() - t0) * 1000)
    # the bare loop: fill, blit the same 150 card images at the same places, flip
    from .ui import cardart

    images = []
    for sp in scene.layout_obj.sprites:
        w, h = sp.rect.size
        img = cardart.face(session.state.cards[sp.card], "brawl", w, h) if sp.face_up \
            and sp.card >= 0 else cardart.back(w, h)
        images.append((img, sp.rect.topleft))
    screen = app.screen
    bare_ms = []
    for _ in range(frames):
        t0 = time.perf_counter()
        pygame.event.pump()
        screen.fill((18, 44, 50))
        for img, pos in images:
            screen.blit(img, pos)
        pygame.display.flip()
        bare_ms.append((time.perf_counter() - t0) * 1000)
    # the worst case: every frame redrawn from scratch (as after each move)
    redraw_ms = []
    for _ in range(max(10, frames // 10)):
        scene.invalidate()
        t0 = time.perf_counter()
        app.step(0.016)
        redraw_ms.append((time.perf_counter() - t0) * 1000)
    glide_ms = glide_times(app, scene, frames, 8)
    all_ms = glide_times(app, scene, frames, cards)
    pygame.display.quit()
    return {"cards": cards, "table": table_ms, "bare": bare_ms, "redraw": redraw_ms,
            "glide": glide_ms, "glide_all": all_ms}


def glide_times(app, scene, frames: int, moving: int) -> list[float]:
    """Frames while ``moving`` cards glide (a move glides a few; a new window size all),
    each frame a short step so the glide lasts."""
    lay = scene.layout_obj
    times = []
    shown = [sp for sp in lay.sprites if sp.card >= 0][:moving]
    if not shown or not scene.motion.on:
        return [0.0]
    while len(times) < frames:
        before = {sp.card: sp.rect.move(40, 25) for sp in shown}
        scene.motion.relayout(before, dict(lay.zones), lay.sprites, lambda card: None)
        while scene.motion.glides and len(times) < frames:
            t0 = time.perf_counter()
            app.step(0.004)
            times.append((time.perf_counter() - t0) * 1000)
    return times


def raw_playouts(seconds: float) -> tuple[int, float]:
    """The search loop of a computer player: legal moves, pick, copy and apply."""
    from .engine.rng import Rng
    from .games import get_game

    game = get_game("brawl")
    catalog = game.rules.load_catalog(mod_dirs=[])
    games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state = game.rules.new_state(catalog, {}, games)
        r = Rng(games)
        while not state.over:
            move = r.choice(game.rules.legal_moves(state))
            state = state.copy()
            game.rules.apply(state, move)
        games += 1
    return games, time.perf_counter() - t0


def refresh_time() -> tuple[int, float]:
    """What the table does after each move (view, legal moves, layout, buttons, log), late
    in a long game."""
    from .engine.game import SeatConfig
    from .engine.players import RandomPlayer, computer_move
    from .engine.rng import Rng
    from .engine.session import Session
    from .games import get_game
    from .ui.app import App
    from .ui.table import TableScene

    app = App(headless=True, ai_delay=1e9, mods=False)
    game = get_game("brawl")
    session = Session(game, app.catalog("brawl"), {"maybe_help": True}, 17,
                      [SeatConfig("A"), SeatConfig("B")])
    r = Rng(17)
    while not session.state.over:
        session.play(computer_move(game.rules, session.state, session.state.actor, RandomPlayer(),
                                   r))
    scene = TableScene(session, autosave=None, hide_hands=False)
    app.push(scene)
    app.step(0.016)
    t0 = time.perf_counter()
    for _ in range(20):
        scene.refresh()
    return len(session.moves), (time.perf_counter() - t0) / 20 * 1000


def playouts(seconds: float, game_id: str = "brawl") -> tuple[int, float]:
    """Random games through the player interface (views, validation, copy, apply)."""
    from .engine.players import RandomPlayer, playout
    from .engine.rng import Rng
    from .games import get_game

    game = get_game(game_id)
    catalog = game.rules.load_catalog(mod_dirs=[])
    options = game.rules.default_options()
    games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state = game.rules.new_state(catalog, options, games)
        players = {seat: RandomPlayer() for seat in range(state.seats)}
        playout(game.rules, state, players, Rng(games))
        games += 1
    return games, time.perf_counter() - t0


def copy_time(n: int) -> float:
    from .engine.players import RandomPlayer, computer_move
    from .engine.rng import Rng
    from .games import get_game

    game = get_game("brawl")
    catalog = game.rules.load_catalog(mod_dirs=[])
    state = game.rules.new_state(catalog, {"more_actions": True}, 3)
    r = Rng(3)
    for _ in range(40):  # a mid-game state
        state = game.play(state, computer_move(game.rules, state, state.actor, RandomPlayer(), r))
    t0 = time.perf_counter()
    for _ in range(n):
        state.copy()
    return (time.perf_counter() - t0) / n * 1e6


def yaml_times() -> tuple[float, float, int]:
    from . import CARDS_DIR
    from .engine.loader import CardLoader, load_catalog
    from .games import get_game

    game = get_game("brawl")
    t0 = time.perf_counter()
    catalog = load_catalog("brawl", game.rules.card_kinds, [CARDS_DIR / "brawl"])
    real_ms = (time.perf_counter() - t0) * 1000
    # 1,000 characters in one file, the scale of a large mod
    block = (CARDS_DIR / "brawl" / "heroes.yaml").read_text(encoding="utf-8")
    body = block.split("cards:", 1)[1]
    big = "cards:" + "".join(body.replace("id: ", f"id: x{i}-") for i in range(100))
    from .engine.cards import Catalog

    t0 = time.perf_counter()
    big_catalog = Catalog("brawl")
    CardLoader("brawl", game.rules.card_kinds).load_text(big, "big.yaml", big_catalog)
    big_ms = (time.perf_counter() - t0) * 1000
    return real_ms, big_ms, len(big_catalog.cards) + 0 * len(catalog.cards)


def save_times() -> tuple[float, float, int]:
    from .engine.game import SeatConfig
    from .engine.players import RandomPlayer, computer_move
    from .engine.rng import Rng
    from .engine.saves import read_save, session_from_dict, write_save
    from .engine.session import Session
    from .games import get_game

    game = get_game("brawl")
    catalog = game.rules.load_catalog(mod_dirs=[])
    session = Session(game, catalog, {}, 5, [SeatConfig("A"), SeatConfig("B")])
    r = Rng(5)
    while not session.state.over:
        session.play(computer_move(game.rules, session.state, session.state.actor, RandomPlayer(),
                                   r))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "save.json"
        t0 = time.perf_counter()
        write_save(path, session)
        save_ms = (time.perf_counter() - t0) * 1000
        t0 = time.perf_counter()
        session_from_dict(read_save(path), game, catalog)
        load_ms = (time.perf_counter() - t0) * 1000
    return save_ms, load_ms, len(session.moves)


def first_frame() -> float:
    """Seconds from launching ``python -m tabletop`` to its first drawn frame."""
    code = ("import os, time, sys; t0 = float(sys.argv[1]);"
            "from tabletop.ui.app import App; from tabletop.ui.menu import MainMenu;"
            "app = App(headless=True); app.push(MainMenu()); app.step(0.016);"
            "print(app.first_frame_at and time.time() - t0 + (app.first_frame_at - "
            "time.perf_counter()))")
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "TABLETOP_HOME": home}
        out = subprocess.run([sys.executable, "-c", code, repr(time.time())],
                             capture_output=True, text=True, env=env, timeout=60, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def main(quick: bool = False) -> int:
    frames = 120 if quick else 600
    print("Tabletop benchmark (SDL dummy video driver; lower is better unless noted)")
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPU(s)\n")
    f = frame_times(frames)
    t_med, t_p99 = statistics.median(f["table"]), _pct(f["table"], 0.99)
    b_med, b_p99 = statistics.median(f["bare"]), _pct(f["bare"], 0.99)
    ratio = t_p99 / b_p99 if b_p99 else float("inf")
    print(f"frame, Brawl table with {f['cards']} cards   median {t_med:6.2f} ms   "
          f"p99 {t_p99:6.2f} ms")
    print(f"frame, bare loop, same {f['cards']} images    median {b_med:6.2f} ms   "
          f"p99 {b_p99:6.2f} ms")
    print(f"  table p99 / bare p99 = {ratio:.2f}   (target <= 1.30: "
          f"{'ok' if ratio <= 1.3 else 'MISSED'})")
    print(f"frame, full redraw after a move          median "
          f"{statistics.median(f['redraw']):6.2f} ms   p99 {_pct(f['redraw'], 0.99):6.2f} ms")
    for key, what in (("glide", "8 cards glide"), ("glide_all", f"all {f['cards']} glide")):
        p99 = _pct(f[key], 0.99)
        print(f"frame while {what:<26}median {statistics.median(f[key]):6.2f} ms   "
              f"p99 {p99:6.2f} ms   (budget 16.7: {'ok' if p99 <= 16.7 else 'MISSED'})")
    moves, ms = refresh_time()
    print(f"table update after a move ({moves}-move game) {ms:6.2f} ms")
    games, secs = playouts(2.0 if quick else 6.0)
    rate = games / secs
    print(f"random Brawl playouts                    {rate:8.1f} games/s   (higher is better; "
          f"target >= 200: {'ok' if rate >= 200 else 'MISSED'})")
    print("  (each move: the player's masked view, legal moves, validation, copy, apply)")
    brawl_rate = rate
    games, secs = raw_playouts(2.0 if quick else 6.0)
    print(f"random Brawl playouts, bare search loop  {games / secs:8.1f} games/s   "
          "(legal moves, copy, apply)")
    from .games import GAMES

    for game_id, game in GAMES.items():
        if game_id == "brawl":
            continue
        games, secs = playouts(1.5 if quick else 4.0, game_id)
        rate = games / secs
        print(f"random playouts, {game.info.title:<24}{rate:8.1f} games/s   (target >= 200: "
              f"{'ok' if rate >= 200 else 'MISSED'})")
        for line in game.bench(quick) if game.bench else ():
            print(line)
    us = copy_time(20000 if quick else 100000)
    print(f"copy of a Brawl state                    {us:8.2f} us   (target < 100: "
          f"{'ok' if us < 100 else 'MISSED'})")
    real_ms, big_ms, n = yaml_times()
    print(f"YAML load, cards/brawl (56 cards)        {real_ms:8.1f} ms")
    print(f"YAML load, {n} characters in one file   {big_ms:8.1f} ms")
    save_ms, load_ms, moves = save_times()
    print(f"save a finished game ({moves} moves)       {save_ms:8.1f} ms (atomic, fsync)")
    print(f"load and replay it                       {load_ms:8.1f} ms")
    ff = first_frame()
    print(f"start to first frame                     {ff:8.2f} s   (target <= 1.0: "
          f"{'ok' if ff <= 1.0 else 'MISSED'})")
    summary = {"table_p99_ms": t_p99, "bare_p99_ms": b_p99, "ratio": ratio,
               "playouts_per_s": brawl_rate, "copy_us": us, "first_frame_s": ff}
    print("\n" + json.dumps({k: round(v, 3) for k, v in summary.items()}))
    return 0
