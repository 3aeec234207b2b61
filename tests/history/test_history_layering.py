"""The history store sits outside the core: core/ and plugins/ never import it, and it imports
no Qt (its window lives in ui/desktop/history_window.py)."""
import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def imports(folder):
    for path in (ROOT / folder).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                yield from ((path, a.name) for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                yield path, ("." * node.level) + node.module


def test_core_and_plugins_do_not_import_the_history():
    bad = [(p.name, m) for folder in ("core", "plugins") for p, m in imports(folder)
           if "history" in m or m.startswith(("sqlmodel", "sqlalchemy", "psycopg"))]
    assert bad == []


def test_the_history_imports_no_qt_and_no_desktop():
    bad = [(p.name, m) for p, m in imports("ui/history")
           if m.startswith(("PySide6", "pyqtgraph", "ascension.ui.desktop", "..desktop"))]
    assert bad == []


def test_commands_that_do_not_use_the_history_do_not_load_sql():
    code = ("import sys; from ascension.ui.cli import build_parser; build_parser(); "
            "print(any(m.startswith(('sqlalchemy', 'sqlmodel')) for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
