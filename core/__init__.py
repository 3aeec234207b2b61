"""The game's core: the turn engine, matches, sessions, bots' protocol.

A compiled build (scripts/build_compiled.py) plays the rules it was built from. When one of its
sources changed since (a ``git pull`` without rebuilding), its modules are not used: they are
loaded from their sources, pure Python, the reference, which plays every seeded game the same,
and one line says so. Stopping every command with an ImportError instead left the player
nothing to play with until a build they may not know how to make."""
from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys

CORE = os.path.dirname(os.path.abspath(__file__))


def version() -> str:
    """The program's version, as installed: what game records carry and ``--version`` says."""
    from importlib import metadata
    try:
        return metadata.version("ascension-table")
    except metadata.PackageNotFoundError:
        return "unknown"
STAMP = os.path.join(CORE, "_compiled.json")   # the compiled build's sources and their hashes


def stale_build(core: str = CORE) -> str | None:
    """Why the compiled build beside ``core``'s sources may not be used (its record of them cannot
    be read, or sources changed since it was made), or None: up to date, or there is none."""
    stamp = os.path.join(core, "_compiled.json")
    try:
        with open(stamp, "rb") as f:
            built = json.load(f)
        changed = []
        for source, digest in built.items():
            try:
                with open(os.path.join(os.path.dirname(core), source), "rb") as f:
                    same = hashlib.sha256(f.read()).hexdigest() == digest
            except OSError:
                same = False
            if not same:
                changed.append(source)
    except FileNotFoundError:
        return None
    except (OSError, ValueError, AttributeError) as exc:
        return f"{stamp}: its record of its sources cannot be read ({exc})"
    return f"it is older than {', '.join(changed)}" if changed else None


def compiled_modules(root: str = os.path.dirname(CORE)) -> dict[str, str]:
    """The modules under ``root`` (the package's folder) that have a compiled extension beside
    their source: module name -> source file."""
    found = {}
    for folder in ("core", "plugins", os.path.join("plugins", "legendary")):
        try:
            names = os.listdir(os.path.join(root, folder))
        except OSError:
            continue
        for name in names:
            stem = next((name[:-len(s)] for s in importlib.machinery.EXTENSION_SUFFIXES if name.endswith(s)), None)
            source = os.path.join(root, folder, f"{stem}.py") if stem else None
            if source and os.path.exists(source):
                found["ascension." + ".".join([*folder.split(os.sep), stem])] = source
    return found


class Sources(importlib.abc.MetaPathFinder):
    """Import the given modules (name -> source) from their sources, whatever extension sits beside them."""

    def __init__(self, sources: dict[str, str]):
        self.sources = sources

    def find_spec(self, name, path=None, target=None):
        source = self.sources.get(name)
        return importlib.util.spec_from_file_location(name, source) if source else None


def _pure_if_stale() -> None:
    why = stale_build()
    modules = compiled_modules() if why else {}
    if modules:
        sys.meta_path.insert(0, Sources(modules))
        print(f"ascension: the compiled engine is not used ({why}): the game runs as pure Python, slower, until "
              f"scripts/build_compiled.py rebuilds it", file=sys.stderr)


_pure_if_stale()
