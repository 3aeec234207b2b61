"""Layering: ui -> plugins -> core, never back; only ui imports Qt; core imports no SQL."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _imports(folder):
    for path in (ROOT / folder).rglob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield path, alias.name
            elif isinstance(node, ast.ImportFrom) and node.module:
                yield path, ("." * node.level) + node.module


def test_core_imports_neither_plugins_nor_ui_nor_qt_nor_sql():
    bad = [(p.name, m) for p, m in _imports("core")
           if m.startswith(("ascension.plugins", "ascension.ui", "PySide6", "sqlmodel", "sqlalchemy"))
           or m.startswith("..")]
    assert bad == []


def test_plugins_do_not_import_ui_or_qt():
    bad = [(p.name, m) for p, m in _imports("plugins") if m.startswith(("ascension.ui", "PySide6"))]
    assert bad == []


def test_nothing_imports_top_level_core_or_ui_modules():
    bad = [(p.name, m) for folder in ("core", "plugins", "ui", "tests") for p, m in _imports(folder)
           if m.split(".")[0] in ("core", "ui", "plugins", "sets")]
    assert bad == []
