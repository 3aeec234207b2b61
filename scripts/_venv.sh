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
