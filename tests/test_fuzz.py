"""Fuzz suites (issue 8): mutated card files and saves for every registered game.

``--fuzz-cases N`` (default 1,200, or ``$TABLETOP_FUZZ_CASES``) mutations per suite are
shared among the games in ``tabletop.games.GAMES`` (a game added later is fuzzed with no
new test code); the seeds are a fixed list from ``--fuzz-seed`` (default 0), so CI runs
the same cases every time. Each case asserts:

- no traceback: loading a card file never raises, loading a save raises only SaveError;
- no hang: each case runs under a time limit;
- card files: every problem is one line with the file, a line and a column;
- saves: a save loads in full (every move replayed, every field as written) or not at all;
- special files (a named pipe, a socket, a folder, a link loop, a device) where a card
  file, a card's art, a save or its journal should be: refused unread, in one line
  naming the file; never a hang.
"""

from __future__ import annotations

import json
import math
import re
import time
import traceback
import zlib
from pathlib import Path

import pytest
import yaml
from conftest import FUZZ_COUNTS
from fuzzing import SPECIAL_KINDS, Hang, make_special, mutate_card_file, mutate_save, time_limit

from tabletop import CARDS_DIR, SAMPLE_SAVES_DIR
from tabletop.engine.autosave import journal_of
from tabletop.engine.cardfiles import yaml_files
from tabletop.engine.cards import Catalog
from tabletop.engine.info import SeatConfig
from tabletop.engine.loader import CardLoader
from tabletop.engine.players import RandomPlayer, computer_move
from tabletop.engine.rng import Rng
from tabletop.engine.safe_open import describe
from tabletop.engine.saves import (
    SaveError,
    parse_save,
    read_save,
    session_from_dict,
    session_to_dict,
)
from tabletop.engine.session import Session
from tabletop.games import GAMES, known_game_ids

pytestmark = pytest.mark.slow

#: seconds one case may take (the slowest clean case takes well under one)
CASE_LIMIT = 10.0
GAME_IDS = list(GAMES)
LINE_BREAKS = re.compile("\r\n|[\r\n\x85\u2028\u2029]")


def cases_per_game(config) -> range:
    total = config.getoption("--fuzz-cases")
    first = config.getoption("--fuzz-seed")
    return range(first, first + math.ceil(total / len(GAMES)))


def case_seed(seed: int, game_id: str) -> int:
    """The mutator's seed of case ``seed`` of a game (stable across runs and machines)."""
    return seed * 7919 + zlib.crc32(game_id.encode())


def counts(suite: str) -> dict[str, int]:
    return FUZZ_COUNTS.setdefault(suite, {"cases": 0, "refused": 0, "loaded": 0,
                                          "crashes": 0, "hangs": 0, "slowest_ms": 0})


def source_files(game_id: str) -> list[Path]:
    game = GAMES[game_id]
    folders = [CARDS_DIR / s for s in game.rules.card_sets] + [CARDS_DIR / game_id]
    return [p for folder in folders for p in yaml_files(folder)]


def as_mod(path: Path, game_id: str) -> str:
    """The shipped file as a mod file of its game (a ``game:`` line first)."""
    text = path.read_text(encoding="utf-8")
    return text if text.lstrip().startswith("game:") or "\ngame:" in text \
        else f"game: {game_id}\n{text}"


def run_case(tally: dict[str, int], failures: list[str], seed: int, work,
             expected: tuple = ()):
    """Run one case under the time limit: what ``work()`` returns (or the ``expected``
    exception it raised), or None after counting a crash or a hang."""
    t0 = time.perf_counter()
    try:
        with time_limit(CASE_LIMIT):
            return work()
    except expected as exc:
        return exc
    except Hang:
        tally["hangs"] += 1
        failures.append(f"seed {seed}: hang")
    except Exception:  # noqa: BLE001 - any other exception is the failure looked for
        tally["crashes"] += 1
        failures.append(f"seed {seed}: {traceback.format_exc(limit=-3)}")
    finally:
        tally["cases"] += 1
        tally["slowest_ms"] = max(tally["slowest_ms"], int((time.perf_counter() - t0) * 1000))
    return None


def message_ok(error) -> bool:
    """One line, not too long, starting with file:line:col (1-based)."""
    shown = str(error)
    return (error.line >= 1 and error.col >= 1 and "\n" not in shown and len(shown) < 1000
            and shown.startswith(f"{error.file}:{error.line}:{error.col}: "))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_fuzz_card_files(game_id, request, tmp_path):
    game = GAMES[game_id]
    base = game.rules.load_catalog(mod_dirs=[], check=False)
    loader = CardLoader(game_id, game.rules.card_kinds, game.rules.card_sets,
                        known_games=known_game_ids())
    sources = [as_mod(p, game_id) for p in source_files(game_id)]
    tally = counts("card files")
    failures: list[str] = []
    for seed in cases_per_game(request.config):
        text = mutate_card_file(case_seed(seed, game_id), sources[seed % len(sources)])
        catalog = Catalog(game_id, cards=dict(base.cards))

        def load(text=text, catalog=catalog):
            loader.load_text(text, "fuzz.yaml", catalog, is_mod=True, base_dir=tmp_path,
                             root=tmp_path)
            catalog.errors.extend(game.rules.check_catalog(catalog))
            return catalog

        if run_case(tally, failures, seed, load) is None:
            continue
        lines = len(LINE_BREAKS.split(text)) + 1  # YAML's line breaks, not only \n
        bad = [e for e in catalog.errors if not message_ok(e)
               or (e.file == "fuzz.yaml" and e.line > lines)]
        if bad:
            tally["crashes"] += 1
            failures.append(f"seed {seed}: bad message {str(bad[0])[:300]!r}")
        else:
            tally["refused" if catalog.errors else "loaded"] += 1
    special_card_files(game_id, loader, base, tmp_path, tally, failures)
    assert not failures, "\n".join(failures[:10])


def art_card(game_id: str, art: str) -> str:
    """The first card of the game's own files as a mod file, its ``art:`` set to ``art``."""
    for path in source_files(game_id):
        doc = yaml.safe_load(as_mod(path, game_id))
        if isinstance(doc, dict) and doc.get("cards"):
            return yaml.safe_dump({"game": doc["game"], "cards": [{**doc["cards"][0],
                                                                   "art": art}]})
    raise AssertionError(f"{game_id} has no card")


def special_card_files(game_id: str, loader: CardLoader, base: Catalog, folder: Path,
                       tally: dict[str, int], failures: list[str]) -> None:
    """Special files (a named pipe, a socket, a folder, a link loop, a device...) where a
    card file or a card's art should be: each refused unread, in one line naming it,
    the rest of the catalog kept; never a hang."""
    for kind in SPECIAL_KINDS:
        path = make_special(kind, folder / f"special-{kind}.yaml")
        make_special(kind, folder / f"art-{kind}.png")
        catalog = Catalog(game_id, cards=dict(base.cards))

        def load(path=path, catalog=catalog, kind=kind):
            loader.load_file(path, catalog, is_mod=True, root=folder)
            loader.load_text(art_card(game_id, f"art-{kind}.png"), "fuzz.yaml", catalog,
                             is_mod=True, base_dir=folder, root=folder)
            return catalog

        if run_case(tally, failures, f"special {kind}", load) is None:
            continue
        files = [e for e in catalog.errors if e.file.endswith(f"special-{kind}.yaml")]
        arts = [e for e in catalog.errors if e.file == "fuzz.yaml" and e.field == "art"
                and f"'art-{kind}.png'" in e.message]
        if (len(files) != 1 or "not a regular file" not in files[0].message or len(arts) != 1
                or len(catalog.errors) != 2 or not all(map(message_ok, catalog.errors))
                or len(catalog.cards) != len(base.cards)):
            tally["crashes"] += 1
            failures.append(f"special {kind}: {[str(e)[:200] for e in catalog.errors]}")
        else:
            tally["refused"] += 1


def sample_saves(game_id: str) -> list[dict]:
    """A few real games of ``game_id``: default options, and every choice of each option
    once (seat counts, hidden hands...), played a little by random players."""
    game = GAMES[game_id]
    catalog = game.rules.load_catalog(mod_dirs=[])
    variants = [{}]
    for option in game.info.options:
        values = [v for v, _ in option.choices] if option.choices else [True]
        variants += [{option.key: v} for v in values if v != option.default]
    saves = []
    for i, options in enumerate(variants):
        session = Session(game, catalog, options, 100 + i)
        seats = [SeatConfig(f"Seat {n + 1}", "human" if n == 0 else "computer")
                 for n in range(len(session.seats))]
        session = Session(game, catalog, options, 100 + i, seats)
        rng = Rng(100 + i)
        for _ in range(40 + 10 * i):
            if session.state.over:
                break
            session.play(computer_move(game.rules, session.state, session.state.actor,
                                       RandomPlayer(), rng))
        session.notes[1] = "Once upon a time"
        session.settings["hide_hands"] = bool(i % 2)
        saves.append(json.loads(json.dumps(session_to_dict(session))))
    return saves


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_fuzz_saves(game_id, request, tmp_path):
    game = GAMES[game_id]
    catalog = game.rules.load_catalog(mod_dirs=[])
    saves = sample_saves(game_id)
    names = sorted({c.name for c in catalog.cards.values()})
    tally = counts("saves")
    failures: list[str] = []
    for seed in cases_per_game(request.config):
        raw = mutate_save(case_seed(seed, game_id), saves[seed % len(saves)], names)

        def load(raw=raw):
            data = parse_save(raw, "fuzz.json", games=GAMES)
            played = GAMES[data["game"]]
            return session_from_dict(data, played, catalog if played is game else
                                     played.rules.load_catalog(mod_dirs=[]), "fuzz.json")[0]

        session = run_case(tally, failures, seed, load, expected=(SaveError,))
        if session is None:
            continue
        if isinstance(session, SaveError):
            message = str(session)
            if not message.startswith("fuzz.json ") or "\n" in message or len(message) > 700:
                tally["crashes"] += 1
                failures.append(f"seed {seed}: bad message {message[:300]!r}")
            else:
                tally["refused"] += 1
            continue
        # loaded: in full, as written (a move may be written differently, e.g. in lower
        # case, and is saved again in the usual notation)
        written = json.loads(raw)
        whole = (len(session.moves) == len(written["moves"]) and session.seed == written["seed"]
                 and [(s.name, s.kind) for s in session.seats] ==
                 [(s["name"], s.get("kind", "human")) for s in written["seats"]]
                 and all(session.options[k] == v for k, v in written["options"].items())
                 and session.notes == {int(k): v for k, v in written.get("notes", {}).items()}
                 and session.settings == written.get("settings", {}))
        if whole:
            tally["loaded"] += 1
        else:
            tally["crashes"] += 1
            failures.append(f"seed {seed}: half-loaded")
    special_saves(tmp_path, tally, failures)
    assert not failures, "\n".join(failures[:10])


def special_saves(folder: Path, tally: dict[str, int], failures: list[str]) -> None:
    """Special files where a save (or its journal, beside a real save) should be: the
    save refused in one line naming it, the journal passed over; never a hang."""
    good = folder / "good.json"
    good.write_bytes((SAMPLE_SAVES_DIR / "brawl-sample.json").read_bytes())
    for kind in SPECIAL_KINDS:
        name = f"special-{kind}.json"
        path = make_special(kind, folder / name)
        make_special(kind, journal_of(good))
        refused = run_case(tally, failures, f"special {kind}", lambda path=path:
                           read_save(path, GAMES), expected=(SaveError,))
        read = run_case(tally, failures, f"special {kind} journal", lambda: read_save(good, GAMES))
        if not isinstance(refused, SaveError) or str(refused) != (
                f"{name} is {describe(path)}, not a save file; it was not loaded."):
            tally["crashes"] += 1
            failures.append(f"special {kind}: {refused!r}")
        elif not isinstance(read, dict):
            tally["crashes"] += 1
            failures.append(f"special {kind} journal: {read!r}")
        else:
            tally["refused"] += 1
        journal_of(good).rmdir() if kind == "folder" else journal_of(good).unlink()
