"""Where a player's own files live: the platform's user folders for Ascension Table
(platformdirs), or the folders ``ASCENSION_CONFIG_DIR`` and ``ASCENSION_DATA_DIR`` name (tests,
screenshot runs and portable set-ups, which must never touch a player's real files). The config
folder holds settings, presets and override files; the data folder the autosaves and the
history."""
from __future__ import annotations

import os
from pathlib import Path

APP = "ascension-table"


def config_dir() -> Path:
    import platformdirs
    return Path(os.environ.get("ASCENSION_CONFIG_DIR") or platformdirs.user_config_dir(APP))


def data_dir() -> Path:
    import platformdirs
    return Path(os.environ.get("ASCENSION_DATA_DIR") or platformdirs.user_data_dir(APP))
