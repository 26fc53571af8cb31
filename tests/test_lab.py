"""The balance lab (`tabletop simulate`): statistics, game-agnostic observation, a mod built
to be overpowered gets flagged, the same JSON with one worker or several, --compare,
Ctrl+C, the reports; Ray in the slow suite."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import FIXTURES

from tabletop.cli import main as cli
from tabletop.games import GAMES, get_game
from tabletop.lab.cards import base_files, load, mod_files
from tabletop.lab.compare import compare
from tabletop.lab.play import play_game
from tabletop.lab.run import Job, run_local
from tabletop.lab.stats import adjust, fisher, mcnemar, wilson
from tabletop.lab.summary import summarize

ROOT = Path(__file__).resolve().parent.parent
TITAN = FIXTURES / "lab" / "overpowered"


# -- statistics (reference values from SciPy 1.17) ---------------------------------------
def test_wilson_interval():
    assert wilson(0, 10) == pytest.approx((0.0, 0.27753279986))
    assert wilson(7, 10) == pytest.approx((0.39677814746, 0.89220873259))
    assert wilson(500, 1000) == pytest.approx((0.46906960037, 0.53093039963))
    assert wilson(0, 0) == (0.0, 1.0)


def test_fisher_exact_two_sided():
    assert fisher(8, 2, 1, 5) == pytest.approx(0.034965034965)
    assert fisher(3, 1, 1, 3) == pytest.approx(0.485714285714)
    assert fisher(100, 50, 60, 90) == pytest.approx(5.659739023312e-06)
    assert fisher(1000, 900, 950, 1010) == pytest.approx(0.010011822121882)
    assert fisher(0, 0, 3, 4) == 1.0


def test_mcnemar_and_benjamini_hochberg():
    assert mcnemar(10, 2) == pytest.approx(0.03857421875)
    assert mcnemar(0, 0) == 1.0
    assert adjust([0.01, 0.04, 0.03, 0.5]) == pytest.approx([0.04, 0.0533333, 0.0533333, 0.5])


# -- observation: the same for every game ------------------------------------------------
@pytest.fixture(scope="module")
def catalogs():
    out = {}
    for gid, game in GAMES.items():
        errors: list = []
        files = base_files(game, errors)
        assert not errors
        out[gid] = (files, load(game, files))
        assert not out[gid][1].errors
        assert out[gid][1].fingerprint == game.rules.load_catalog(mod_dirs=[]).fingerprint
    return out


@pytest.mark.parametrize("game_id", list(GAMES))
def test_what_a_game_records_is_plain_and_consistent(game_id, catalogs):
    game = get_game(game_id)
    catalog = catalogs[game_id][1]
    ids = set(catalog.cards)
    for seed in range(3):
        r = play_game(game, catalog, game.rules.default_options(), seed, ("random",))
        assert "error" not in r, r
        assert json.loads(json.dumps(r)) == r
        assert r["over"] and r["moves"] > 0 and len(r["drawn"]) == r["seats"]
        assert set(r["winners"]) <= set(range(r["seats"]))
        for seat in range(r["seats"]):
            # a card is played from a hand, so it was drawn (or dealt) first
            assert set(r["played"][seat]) <= set(r["drawn"][seat]), (game_id, seat)
            assert set(r["held"][seat]) | set(r["drawn"][seat]) <= ids
        assert any(r["drawn"]) and any(r["played"])


def test_played_means_put_into_play_from_a_hand(catalogs):
    """Replay a Brawl game's moves: every card counted as played was in the mover's hand
    when a move named it, and every such card is counted."""
    game = get_game("brawl")
    catalog = catalogs["brawl"][1]
    r = play_game(game, catalog, {}, 5, ("random",))
    from tabletop.engine.players import RandomPlayer
    from tabletop.engine.rng import Rng

    rules = game.rules
    state = rules.new_state(catalog, rules.default_options(), 5)
    rng, player, seen = Rng(5 ^ 0x1AB5EED), RandomPlayer(), [set(), set()]
    while not state.over:
        move = player.choose(rules, rules.view(state, state.actor), state.actor, rng)
        if move.card is not None and move.card >= 0 and \
                move.card in state.zones[f"hand.{move.seat}"]:
            seen[move.seat].add(state.cards[move.card].id)
        state = rules.play(state, move)
    assert [sorted(s) for s in seen] == r["played"]


# -- the lab flags an overpowered card ------------------------------------------------------
def _run(files, seeds, players=("random",), workers=1):
    job = Job("brawl", (), players, tuple(files))
    results, stopped = run_local(job, list(seeds), workers)
    assert not stopped
    return results


def test_a_mod_built_to_be_overpowered_is_flagged(catalogs):
    game = get_game("brawl")
    errors: list = []
    files = catalogs["brawl"][0] + mod_files(TITAN, errors)
    catalog = load(game, files)
    assert not errors and not catalog.errors
    assert catalog["granite-warden"].name == "Granite Titan"
    results = _run(files, range(1, 161))
    names = {c.id: c.name for c in catalog.cards.values()}
    summary = summarize(game, results, {"seed": 1, "asked": 160}, names)
    cards = {c["id"]: c for c in summary["cards"]}
    titan = cards["granite-warden"]
    assert titan["flag"] and titan["effect"] > 0.25 and titan["q"] < 1e-4
    assert titan["when_played"]["rate"] > titan["when_not"]["rate"]
    assert titan["q"] == min(c["q"] for c in cards.values() if c["q"] is not None)
    # without the mod, on the same seeds, the Warden is an ordinary card
    base = _run(catalogs["brawl"][0], range(1, 161))
    plain = {c["id"]: c for c in summarize(game, base, {"seed": 1, "asked": 160},
                                           names)["cards"]}["granite-warden"]
    assert not plain["flag"]
    # --compare on the same seeds: the Titan's win rate when played moved
    moved = compare(game, base, results, names)["moved"]
    assert any(m.get("card") == "granite-warden" and m["kind"] == "win when played"
               and m["after"] > m["before"] for m in moved), moved


# -- the command: determinism, outputs, Ctrl+C --------------------------------------------
def _simulate(tmp_path, name, *extra) -> tuple[int, dict, Path]:
    out = tmp_path / name
    code = cli(["simulate", "brawl", "--games", "24", "--players", "random", "--seed", "7",
                "--quiet", "--out", str(out), *extra])
    return code, json.loads((out / "summary.json").read_text()), out


def test_the_same_seeds_give_the_same_json_with_one_worker_or_several(tmp_path, capsys):
    code1, one, out1 = _simulate(tmp_path, "one", "--workers", "1")
    code2, two, out2 = _simulate(tmp_path, "two", "--workers", "2")
    assert code1 == code2 == 0
    assert (out1 / "summary.json").read_bytes() == (out2 / "summary.json").read_bytes()
    assert one["games"] == 24 and one["seed"] == 7 and not one["interrupted"]
    printed = capsys.readouterr()
    assert "Win rates (95% Wilson interval)" in printed.out
    assert "games/s with 2 worker(s)" in printed.err
    # the app's Balance screen reads the last run
    from tabletop.engine.paths import user_data

    assert json.loads((user_data() / "lab" / "last.json").read_text()) == two


def test_the_report_has_a_table_a_json_file_and_a_page_with_plots(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    code, summary, out = _simulate(tmp_path, "r", "--workers", "1", "--compare", str(TITAN))
    assert code == 0
    page = (out / "report.html").read_text()
    assert page.count("data:image/png;base64,") == 3
    assert all((out / f"{n}.png").stat().st_size > 1000 for n in ("winrates", "length",
                                                                   "cards"))
    assert "Compared with" in page and summary["compare"]["seeds"] == 24
    assert {r["seat"] for r in summary["seats"]} == {"P1", "P2"}
    assert all(0 <= r["low"] <= r["rate"] <= r["high"] <= 1 for r in summary["seats"])
    assert summary["length"]["moves"]["mean"] > 0
    assert "Benjamini-Hochberg" in summary["method"]


def test_players_by_name_and_bad_names_are_refused():
    from tabletop.engine.levels import SearchPlayer
    from tabletop.engine.players import SEARCH_ITERATIONS, player_by_name

    player, note = player_by_name(get_game("brawl"), "search")
    assert isinstance(player, SearchPlayer) and not note
    assert player.iterations == SEARCH_ITERATIONS
    assert cli(["simulate", "brawl", "--players", "clever"]) == 2
    assert cli(["simulate", "brawll"]) == 2


def test_broken_mod_cards_stop_the_run_with_their_place(tmp_path, capsys):
    mod = tmp_path / "bad.yaml"
    mod.write_text("game: brawl\ncards:\n  - {id: x, kind: character, name: X, health: 99}\n")
    assert cli(["simulate", "brawl", "--games", "2", "--mods", str(mod), "--quiet"]) == 1
    assert "bad.yaml:3:" in capsys.readouterr().err


@pytest.mark.parametrize("workers", [1, 2])
def test_stopping_keeps_the_games_that_finished(workers, catalogs):
    job = Job("brawl", (), ("random",), tuple(catalogs["brawl"][0]))
    done = []

    def progress(n):
        done.append(n)
        if sum(done) >= 6:
            raise KeyboardInterrupt

    results, stopped = run_local(job, list(range(400)), workers, progress)
    assert stopped and 6 <= len(results) < 400
    assert [r["seed"] for r in results] == sorted(r["seed"] for r in results)


def test_ctrl_c_stops_the_command_cleanly_and_reports_what_finished(tmp_path):
    out = tmp_path / "out"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "tabletop.cli", "simulate", "brawl", "--games", "100000",
         "--players", "random", "--workers", "2", "--progress", "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        # as from a terminal: a suite started in the background (`pytest &`) hands its
        # children SIGINT ignored, and Python keeps an ignored SIGINT ignored
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    seen: list[str] = []

    def read_progress() -> None:  # the progress bar goes to stderr as it moves
        while True:
            chunk = proc.stderr.read(64)
            if not chunk:
                return
            seen.append(chunk)

    reader = threading.Thread(target=read_progress, daemon=True)
    reader.start()
    try:
        # Ctrl+C once some games have finished (a busy machine starts the workers slowly)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if re.search(r"(?<![\d/])[1-9]\d*/100000", "".join(seen)):
                break
            time.sleep(0.2)
        proc.send_signal(signal.SIGINT)
        killer = threading.Timer(90, proc.kill)  # never waits for ever on its output
        killer.start()
        stdout = proc.stdout.read()
        proc.wait(timeout=60)
        killer.cancel()
        reader.join(timeout=10)
        stderr = "".join(seen)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, stderr[-2000:]
    assert "stopped early (Ctrl+C)" in stdout
    assert "Traceback" not in stderr
    summary = json.loads((out / "summary.json").read_text())
    assert summary["interrupted"] and 0 < summary["games"] < 100000


# -- Ray (slow; skipped without Ray) --------------------------------------------------------
@pytest.mark.slow
def test_ray_gives_the_same_results_as_a_local_run(catalogs):
    pytest.importorskip("ray")
    from tabletop.lab.cluster import run_ray

    job = Job("brawl", (), ("random",), tuple(catalogs["brawl"][0]))
    seeds = list(range(100, 160))
    local, _ = run_local(job, seeds, 2)
    remote, stopped = run_ray(job, seeds, None, workers=2)
    assert not stopped and remote == local


@pytest.mark.slow
def test_a_big_run_with_the_computer_players_flags_the_titan_the_same_on_any_workers(
        catalogs):
    """300 games of the computer players with the overpowered mod: the Titan is flagged,
    and one worker and two give the same results."""
    game = get_game("brawl")
    errors: list = []
    files = catalogs["brawl"][0] + mod_files(TITAN, errors)
    job = Job("brawl", (), ("computer",), tuple(files))
    seeds = list(range(1000, 1300))
    two, _ = run_local(job, seeds, 2)
    one, _ = run_local(job, seeds[:60], 1)
    assert one == two[:60]
    names = {c.id: c.name for c in load(game, files).cards.values()}
    cards = {c["id"]: c for c in summarize(game, two, {"seed": 1000, "asked": 300},
                                           names)["cards"]}
    assert cards["granite-warden"]["flag"] and cards["granite-warden"]["effect"] > 0.3
