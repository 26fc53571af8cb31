"""The desktop bundle's entry script (PyInstaller, ``packaging/tabletop.spec``).

The bundle has one executable and no Python beside it, so that executable is everything
the ``tabletop`` command is:

- ``tabletop --computer-worker``: the computer players' worker, serving the table on its
  standard input and output (:func:`tabletop.worker.worker_command` starts the bundle's
  own executable so when frozen);
- ``tabletop --version``: the version, and the bundle's executable (the one running);
- anything else: the ``tabletop`` command (:func:`tabletop.cli.main`): the app, or a
  sub-command (``validate``, ``screenshots``, ``simulate``, ...).
"""

from __future__ import annotations

import multiprocessing
import sys


def main() -> int:
    # `tabletop simulate --workers N` spawns processes (multiprocessing, "spawn"): in a
    # bundle they are this executable again, which this turns into the pool's worker.
    multiprocessing.freeze_support()
    from tabletop.worker import BUNDLE_WORKER_ARG

    if sys.argv[1:2] == [BUNDLE_WORKER_ARG]:
        from tabletop.worker_process import main as serve

        serve()
        return 0
    if sys.argv[1:2] == ["--version"]:
        import platform

        import tabletop

        where = f" (desktop bundle: {sys.executable})" if getattr(sys, "frozen", False) else ""
        print(f"tabletop {tabletop.__version__}{where}, Python {platform.python_version()}")
        return 0
    from tabletop.cli import main as cli

    return cli()


if __name__ == "__main__":
    sys.exit(main())
