"""Build the desktop bundle: one folder, ``dist/tabletop/``, that runs without Python.

    python packaging/build_bundle.py [--dist DIR] [--work DIR] [--clean]

Run it with the Python (the venv) that has Tabletop and its dependencies installed, and
PyInstaller (``pip install 'pyinstaller>=6'``): the bundle is made of that Python and
those packages (``packaging/tabletop.spec`` says what goes in). The executable is
``dist/tabletop/tabletop`` (``tabletop.exe`` on Windows); the rest of the folder is its
``_internal/`` (the interpreter, the libraries, the cards). On Linux the folder also gets
``linux/``: the ``.desktop`` entry, the icons and ``install.sh``. A bundle runs on the
operating system (and processor) it was built on, and on Linux on one whose C library is
no older than the build machine's.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEC = HERE / "tabletop.spec"
NAME = "tabletop"

MISSING = ("PyInstaller is not installed in this Python ({python}).\n"
           "It is needed only to build the bundle: install it with\n"
           "    {python} -m pip install 'pyinstaller>=6'\n"
           "then run this script again.")


def folder_size(path: Path) -> int:
    """The bytes of the files under ``path`` (links not followed)."""
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def executable(bundle: Path) -> Path:
    """The bundle's executable."""
    return bundle / (NAME + ".exe" if sys.platform == "win32" else NAME)


def build(dist: Path, work: Path, clean: bool = False, quiet: bool = False) -> Path:
    """Run PyInstaller on the spec; returns the bundle's folder (``dist/tabletop``).
    SystemExit with a message when PyInstaller is missing or fails."""
    if importlib.util.find_spec("PyInstaller") is None:
        raise SystemExit(MISSING.format(python=sys.executable))
    if importlib.util.find_spec("tabletop") is None:
        raise SystemExit(f"Tabletop is not installed in this Python ({sys.executable}): "
                         "pip install -e . first (the bundle is made of its packages)")
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm",
               "--distpath", str(dist), "--workpath", str(work)]
    if clean:
        command.append("--clean")
    if quiet:
        command += ["--log-level", "WARN"]
    command.append(str(SPEC))
    result = subprocess.run(command, cwd=ROOT)
    bundle = dist / NAME
    if result.returncode != 0 or not executable(bundle).is_file():
        raise SystemExit(f"PyInstaller failed (exit status {result.returncode}); "
                         "its messages are above")
    if sys.platform.startswith("linux"):
        linux = bundle / "linux"
        shutil.rmtree(linux, ignore_errors=True)
        shutil.copytree(HERE / "linux", linux)
    return bundle


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist",
                        help="where the bundle's folder goes (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller",
                        help="PyInstaller's working files (default: build/pyinstaller/)")
    parser.add_argument("--clean", action="store_true",
                        help="empty PyInstaller's cache first (a full rebuild)")
    parser.add_argument("--quiet", action="store_true", help="only PyInstaller's warnings")
    args = parser.parse_args(argv)
    t0 = time.monotonic()
    bundle = build(args.dist.resolve(), args.work.resolve(), args.clean, args.quiet)
    seconds = time.monotonic() - t0
    print(f"built {executable(bundle)} in {seconds:.0f} s; the folder is "
          f"{folder_size(bundle) / 2**20:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
