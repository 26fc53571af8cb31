"""Playing a run's games on this machine: in this process, or in worker processes.

A :class:`Job` is plain data (the game's id, options, player names and the card files as
text), so it crosses to spawned worker processes (and Ray tasks, :mod:`.cluster`) as is;
each worker loads the cards once and answers chunks of seeds with plain results. Results
are put back in seed order, so the report is the same whatever the number of workers.

Ctrl+C stops the run: the workers ignore the signal (the terminal sends it to the whole
process group) and are ended by the driver, which keeps every game that finished.
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from .cards import CardFile, load
from .play import MAX_MOVES, play_game


@dataclass(frozen=True)
class Job:
    game: str
    options: tuple[tuple[str, Any], ...]
    players: tuple[str, ...]
    files: tuple[CardFile, ...]
    max_moves: int = MAX_MOVES


#: per process: the job whose cards are loaded, and its (game, catalog)
_LOADED: dict[Job, tuple[Any, Any]] = {}


def prepare(job: Job):
    """The game and catalog of ``job`` (loaded once per process)."""
    found = _LOADED.get(job)
    if found is None:
        from ..games import get_game

        game = get_game(job.game)
        _LOADED.clear()
        found = _LOADED[job] = (game, load(game, job.files))
    return found


def play_seeds(job: Job, seeds: list[int]) -> list[dict]:
    """Play the games of ``seeds`` (in this process)."""
    game, catalog = prepare(job)
    options = dict(job.options)
    return [play_game(game, catalog, options, seed, job.players, job.max_moves)
            for seed in seeds]


def chunks(seeds: list[int], workers: int) -> list[list[int]]:
    """Small enough chunks to keep every worker busy and the progress bar moving."""
    size = max(1, min(10, len(seeds) // (workers * 20)))
    return [seeds[i:i + size] for i in range(0, len(seeds), size)]


#: the job of this worker process (sent once, when the worker starts)
_JOB: list[Job] = []


def _start_worker(job: Job) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _JOB[:] = [job]
    prepare(job)


def _play_chunk(seeds: list[int]) -> list[dict]:
    return play_seeds(_JOB[0], seeds)


def _pooled(job: Job, seeds: list[int], workers: int) -> Iterator[list[dict]]:
    context = multiprocessing.get_context("spawn")
    pool = context.Pool(workers, initializer=_start_worker, initargs=(job,))
    try:
        yield from pool.imap_unordered(_play_chunk, chunks(seeds, workers))
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def _in_process(job: Job, seeds: list[int]) -> Iterator[list[dict]]:
    for seed in seeds:
        yield play_seeds(job, [seed])


def run_local(job: Job, seeds: list[int], workers: int,
              progress: Callable[[int], None] | None = None) -> tuple[list[dict], bool]:
    """Play every seed with ``workers`` processes (1: in this process). Returns the
    results in seed order and whether the run was stopped (Ctrl+C) before the end."""
    results: list[dict] = []
    batches = _in_process(job, seeds) if workers <= 1 else _pooled(job, seeds, workers)
    try:
        for batch in batches:
            results.extend(batch)
            if progress is not None:
                progress(len(batch))
    except KeyboardInterrupt:
        batches.close()
        return sorted(results, key=lambda r: r["seed"]), True
    return sorted(results, key=lambda r: r["seed"]), False


def progress_bar(total: int, title: str, enabled: bool | None = None):
    """A tqdm bar on standard error: games done, games per second, time left."""
    from tqdm import tqdm

    return tqdm(total=total, desc=title, unit=" games", file=sys.stderr, disable=enabled is
                False or (enabled is None and not sys.stderr.isatty()), dynamic_ncols=True,
                bar_format="{desc}: {n_fmt}/{total_fmt} games |{bar}| "
                           "{rate_fmt} \u00b7 {remaining} left")
