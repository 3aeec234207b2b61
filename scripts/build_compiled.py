#!/usr/bin/env python3
"""Build the optional compiled engine: the same Python sources, compiled by mypyc.

Pure Python stays the reference. The compiled build is an extension module beside each source
(``core/engine.cpython-*.so`` beside ``core/engine.py``), which Python imports in its place, and
``core/_compiled.json``, the sources' hashes it was built from: a build older than its sources
is not used (``core/__init__.py`` loads its modules from their sources then, and says so).
``--clean`` removes them all and the engine runs as pure Python again.

mypyc names a module after its path, and this project's folders (``core/``) are mapped to
``ascension.core`` by setuptools, so the sources are copied into a staging tree laid out as
``ascension/core/...``, compiled there, and the built files copied back into ``core/``.

Compiled: ``MODULES`` below (``core/carddef.py``: the card definitions the engine reads, as native
classes; the Legendary Track's hooks and state, ``plugins/legendary/rules.py`` and ``track.py``,
called a few times a move in its games, and the team rules, ``plugins/teams.py``, whose gifts are
offered at every decision of a team game: a compiled hook is registered through a Python stand-in,
``hookspecs.hookimpl``, and its failure is still blamed on the plugin by the module of the frame
mypyc adds to the traceback). Not compiled, and why:
- ``core/events.py``: not hot (the engine makes each event once, ``engine._EVENTS``), and a test
  replaces its ``render``/``log_lines`` as the engine sees them (``engine.render``);
- the effect verbs (``plugins/base/verbs.py``, ``plugins/legendary/verbs.py``): a failing verb
  is named by its ``self`` in the traceback's frames (``engine.blame``), which mypyc's frames lack;
- a package's ``__init__.py``: mypyc derives a compiled package's ``__path__`` from where its
  shared library is (``core/``), so its submodules would not be found;
- the bots (``plugins/bots``): not part of the engine.

Usage: .venv/bin/python scripts/build_compiled.py [--clean] [--if-stale] [--quiet]
Exit status 0 when built, up to date or cleaned; 1 when the build failed (nothing compiled is
left behind: the engine runs as pure Python).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODULES = ["core/engine.py", "core/rng.py", "core/view.py", "core/carddef.py",
           "plugins/legendary/rules.py", "plugins/legendary/track.py", "plugins/teams.py"]
PACKAGES = {"core": "ascension/core", "plugins": "ascension/plugins"}   # staged: mypy reads their imports
SHARED = "core/_compiled__mypyc"     # the group's shared library, beside the modules
STAMP = ROOT / "core" / "_compiled.json"
MYPY = "mypy>=1.13"                  # mypyc ships with mypy


def staged(path: str) -> str:
    """Where a source file (``core/engine.py``) is in the staging tree."""
    top, rest = path.split("/", 1)
    return f"{PACKAGES[top]}/{rest}"


def module_name(path: str) -> str:
    """``core/engine.py`` -> ``ascension.core.engine``."""
    return staged(path).removesuffix(".py").replace("/", ".")


def built_files() -> list[Path]:
    """The compiled build's files in the source tree (what --clean removes)."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    return [ROOT / (m.removesuffix(".py") + suffix) for m in MODULES + [SHARED]] + [STAMP]


# Not compiled, but read by mypyc for the types it checks where compiled code calls into them
# (a hook's answer, a verb, an event): a build made against older annotations fails at run time
# with a TypeError, so a change to one of these also makes the build stale.
CHECKED_AGAINST = ["core/cards.py", "core/events.py", "core/i18n.py", "core/plugins.py", "core/verbs.py",
                   "core/wording.py", "core/hookspecs.py", "core/slots.py", "plugins/legendary/verbs.py",
                   "plugins/legendary/bot.py"]


def source_hashes() -> dict[str, str]:
    """What the build is made from; the engine compares it with the stamp at import."""
    return {m: hashlib.sha256((ROOT / m).read_bytes()).hexdigest() for m in MODULES + CHECKED_AGAINST}


def up_to_date() -> bool:
    try:
        stamp = json.loads(STAMP.read_text())
    except (OSError, ValueError):
        return False
    return stamp == source_hashes() and all(p.exists() for p in built_files())


def clean() -> list[Path]:
    removed = [p for p in built_files() if p.exists()]
    for p in removed:
        p.unlink()
    return removed


def ensure_mypyc(quiet: bool) -> None:
    """mypyc is needed only to build, so it is installed on first use, into this environment."""
    try:
        import mypyc  # noqa: F401
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", MYPY], check=True,
                       capture_output=quiet)


def build(quiet: bool) -> None:
    ensure_mypyc(quiet)
    hashes = source_hashes()
    with tempfile.TemporaryDirectory(prefix="ascension-build-") as tmp:
        stage = Path(tmp)
        (stage / "ascension").mkdir()
        (stage / "ascension" / "__init__.py").write_text("")   # so mypy names the modules ascension.*
        for src, dst in PACKAGES.items():
            shutil.copytree(ROOT / src, stage / dst, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        # mypy checks every module the compiled ones import; only the compiled ones must be precise
        (stage / "mypy.ini").write_text("[mypy]\n[mypy-ascension.*]\nignore_errors = True\n" + "".join(
            f"[mypy-{module_name(m)}]\nignore_errors = False\n" for m in MODULES))
        args = ["--config-file", "mypy.ini"] + [staged(m) for m in MODULES]
        (stage / "setup.py").write_text(
            "from setuptools import setup\nfrom mypyc.build import mypycify\n"
            f"setup(name='ascension-compiled', ext_modules=mypycify({args!r}, opt_level='3', "
            f"group_name={module_name(SHARED).removesuffix('__mypyc')!r}))\n")
        out = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=stage,
                             capture_output=quiet, text=True)
        if out.returncode != 0:
            detail = "\n".join(line for line in (out.stdout or "").splitlines() if ": error:" in line)
            raise RuntimeError(f"mypyc failed (exit {out.returncode})" + (f":\n{detail}" if detail else ""))
        clean()
        for built in built_files()[:-1]:
            shutil.copy2(stage / staged(str(built.relative_to(ROOT))), built)
    STAMP.write_text(json.dumps(hashes, indent=1) + "\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clean", action="store_true", help="remove the compiled build: the engine runs as pure Python")
    ap.add_argument("--if-stale", action="store_true", help="build only if the sources changed since the last build")
    ap.add_argument("--quiet", action="store_true", help="print only the outcome")
    args = ap.parse_args(argv)
    if args.clean:
        print(f"removed {len(clean())} compiled file(s): the engine runs as pure Python")
        return 0
    if args.if_stale and up_to_date():
        return 0
    try:
        build(args.quiet)
    except (RuntimeError, subprocess.CalledProcessError, OSError) as exc:
        clean()
        print(f"the compiled build failed, the engine runs as pure Python: {exc}", file=sys.stderr)
        return 1
    print(f"compiled {', '.join(MODULES)} with mypyc (scripts/build_compiled.py --clean: pure Python again)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
