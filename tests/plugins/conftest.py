"""Installing a third-party plugin package for a test, as pip would."""
import importlib
import sys

import pytest

from ascension.core import match
from ascension.core import plugins as plugin_mod


@pytest.fixture
def installed_package(tmp_path, monkeypatch):
    """``install(name, files)``: put a package ``asc_<name>`` (``files``: its file names and texts,
    ``__init__.py`` among them) into a folder on sys.path with a dist-info declaring its
    ``ascension`` entry point, then load the installed plugins afresh; returns its folder.
    Everything is taken out again afterwards."""
    monkeypatch.syspath_prepend(str(tmp_path))
    modules = []

    def reload():
        importlib.invalidate_caches()
        plugin_mod.installed.cache_clear()
        match._load_set.cache_clear()
        match.set_requires.cache_clear()

    def install(name: str, files: dict[str, str]):
        package = tmp_path / f"asc_{name}"
        package.mkdir()
        for file_name, text in files.items():
            (package / file_name).write_text(text)
        info = tmp_path / f"asc_{name}-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: asc-{name}\nVersion: 1.0\n")
        (info / "entry_points.txt").write_text(f"[ascension]\n{name} = asc_{name}\n")
        modules.append(f"asc_{name}")
        reload()
        return package

    yield install
    monkeypatch.undo()
    for name in modules:
        sys.modules.pop(name, None)
    reload()
