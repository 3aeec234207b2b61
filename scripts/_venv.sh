# Shared set-up for scripts/play and scripts/test: a local virtual environment,
# created on first use and refreshed when pyproject.toml changes.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${ASCENSION_VENV:-$ROOT/.venv}"
PY="${PYTHON:-python3}"
if [ ! -x "$VENV/bin/python" ]; then
  "$PY" -m venv "$VENV"
  "$VENV/bin/python" -m pip install --quiet --upgrade pip
fi
STAMP="$VENV/.installed-$(sha1sum "$ROOT/pyproject.toml" | cut -c1-12)"
if [ ! -f "$STAMP" ]; then
  "$VENV/bin/python" -m pip install --quiet -e "$ROOT[test]"
  rm -f "$VENV"/.installed-* && touch "$STAMP"
fi
# The optional compiled engine (scripts/build_compiled.py, mypyc): built when a C compiler and
# Python's headers are here and rebuilt when its sources change; pure Python, the reference,
# otherwise or with ASCENSION_PURE=1. A failed build says why in one line and leaves pure Python.
PY_INCLUDE="$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')"
if [ -n "${ASCENSION_PURE:-}" ]; then
  "$VENV/bin/python" "$ROOT/scripts/build_compiled.py" --clean >/dev/null
  echo "ASCENSION_PURE is set: the engine runs as pure Python"
elif command -v gcc >/dev/null && [ -f "$PY_INCLUDE/Python.h" ]; then
  "$VENV/bin/python" "$ROOT/scripts/build_compiled.py" --if-stale --quiet || true
else
  "$VENV/bin/python" "$ROOT/scripts/build_compiled.py" --clean >/dev/null
  echo "no C compiler: the engine runs as pure Python"
fi
