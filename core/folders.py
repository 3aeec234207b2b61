"""Where a player's own files live, and how they are written so that none is ever half
written. The folders: the platform's user folders for Ascension Table (platformdirs), or those
``ASCENSION_CONFIG_DIR`` and ``ASCENSION_DATA_DIR`` name (tests, screenshot runs and portable
set-ups, which must never touch a player's real files). The config folder holds settings,
presets and override files; the data folder the autosaves, saves and the history."""
from __future__ import annotations

import os
import tempfile
from datetime import datetime
from pathlib import Path

APP = "ascension-table"


def config_dir() -> Path:
    import platformdirs
    return Path(os.environ.get("ASCENSION_CONFIG_DIR") or platformdirs.user_config_dir(APP))


def data_dir() -> Path:
    import platformdirs
    return Path(os.environ.get("ASCENSION_DATA_DIR") or platformdirs.user_data_dir(APP))


def kept_games_dir() -> Path:
    """Games the history could not take when they ended, each in a file until it does."""
    return data_dir() / "unrecorded"


def write_text_atomic(path: Path, text: str, durable: bool = True) -> None:
    """Write via a temporary file and a rename. ``durable`` also flushes to disk (survives a power
    cut); the autosave skips that, since it runs after every click and a rename alone already
    survives the program crashing."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=TMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


TMP_SUFFIX = ".tmp"


def set_aside(path: Path) -> Path:
    """Rename a file that cannot be used beside it, with the time (``autosave.json.bad-20261201-142900``),
    so that it no longer stands in the way and nothing is lost. Returns the new path."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target, n = path.with_name(f"{path.name}.bad-{stamp}"), 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
    path.replace(target)
    return target
