"""``--ray [ADDRESS]``: the same run on a Ray cluster (``pip install 'tabletop[cluster]'``).

The seeds are sharded into tasks; each task gets the :class:`~.run.Job` (plain data: the
card files travel as text, so the nodes need no card files) and its seeds, plays them
with :func:`~.run.play_seeds` (the very function of a local run) and returns plain
results. Results are put back in seed order, so a Ray run reports exactly what a local
run of the same seeds reports. Without ``ADDRESS`` Ray starts (or joins) a cluster on
this machine; with one (``ray://head:10001`` or ``head:6379``) it joins that cluster and
ships this copy of the ``tabletop`` package to its nodes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from .run import Job, chunks, play_seeds

INSTALL = "Ray is not installed: pip install 'tabletop[cluster]' (on this machine and the " \
          "cluster's nodes)"


def _shard(job: Job, seeds: list[int]) -> list[dict]:
    return play_seeds(job, seeds)


def run_ray(job: Job, seeds: list[int], address: str | None,
            progress: Callable[[int], None] | None = None,
            workers: int | None = None) -> tuple[list[dict], bool]:
    """Play ``seeds`` on Ray; returns the results in seed order and whether the run was
    stopped (Ctrl+C) before the end. ``workers``: CPUs of a cluster started here."""
    try:
        import ray
    except ImportError:
        raise RuntimeError(INSTALL) from None
    import tabletop

    options = {"ignore_reinit_error": True, "include_dashboard": False,
               "log_to_driver": False}
    if address:
        options["address"] = address
        options["runtime_env"] = {"py_modules": [str(Path(tabletop.__file__).parent)]}
    elif workers:
        options["num_cpus"] = workers
    started = not ray.is_initialized()
    if started:
        ray.init(**options)
    task = ray.remote(_shard)
    width = max(1, int(ray.cluster_resources().get("CPU", 1)))
    shared = ray.put(job)  # the cards travel once, not with every shard
    pending = [task.remote(shared, c) for c in chunks(seeds, width)]
    results: list[dict] = []
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            batch = ray.get(done[0])
            results.extend(batch)
            if progress is not None:
                progress(len(batch))
    except KeyboardInterrupt:
        for ref in pending:
            ray.cancel(ref, force=True)
        return sorted(results, key=lambda r: r["seed"]), True
    finally:
        if started:
            ray.shutdown()
    return sorted(results, key=lambda r: r["seed"]), False
