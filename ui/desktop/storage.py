"""Where the desktop program keeps things: settings and presets (config dir), the autosave (data dir).

``ASCENSION_CONFIG_DIR`` / ``ASCENSION_DATA_DIR`` override the platform folders, so tests and
screenshot runs never touch a player's real files. Every write goes to a temporary file first
and is renamed into place: a crash mid-write leaves the previous file whole.
"""
from __future__ import annotations

import json
import logging
import os
import tempfile
from pathlib import Path

import platformdirs

APP = "ascension-table"
log = logging.getLogger(__name__)


def config_dir() -> Path:
    return Path(os.environ.get("ASCENSION_CONFIG_DIR") or platformdirs.user_config_dir(APP))


def data_dir() -> Path:
    return Path(os.environ.get("ASCENSION_DATA_DIR") or platformdirs.user_data_dir(APP))


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def settings_path() -> Path:
    return config_dir() / "desktop.json"


def write_text_atomic(path: Path, text: str, durable: bool = True) -> None:
    """Write via a temporary file and a rename. ``durable`` also flushes to disk (survives a power
    cut); the autosave skips that, since it runs after every click and a rename alone already
    survives the program crashing."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
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


class Settings:
    """The last setup used, named presets and the bot speed, as one small JSON file."""

    def __init__(self, path: Path | None = None):
        self.path = path or settings_path()
        self.data: dict = {"last": None, "presets": {}, "speed": "normal"}
        try:
            loaded = json.loads(self.path.read_text(encoding="utf-8"))
            if isinstance(loaded, dict):
                self.data.update(loaded)
        except FileNotFoundError:
            pass
        except (OSError, ValueError) as exc:   # a damaged settings file is not worth a crash
            log.warning("ignoring unreadable settings %s: %s", self.path, exc)

    def save(self) -> None:
        try:
            write_text_atomic(self.path, json.dumps(self.data, indent=2, sort_keys=True))
        except OSError as exc:
            log.warning("could not save settings %s: %s", self.path, exc)

    @property
    def last(self) -> dict | None:
        return self.data.get("last")

    @last.setter
    def last(self, setup: dict) -> None:
        self.data["last"] = setup
        self.save()

    @property
    def presets(self) -> dict[str, dict]:
        return self.data.setdefault("presets", {})

    def save_preset(self, name: str, setup: dict) -> None:
        self.presets[name] = setup
        self.save()

    def delete_preset(self, name: str) -> None:
        self.presets.pop(name, None)
        self.save()

    @property
    def speed(self) -> str:
        return self.data.get("speed", "normal")

    @speed.setter
    def speed(self, value: str) -> None:
        self.data["speed"] = value
        self.save()
