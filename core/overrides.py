"""A player's own numbers for cards: overrides applied when a set file loads.

Some sets ship values nobody could check against a printed card (Ascension Legends: most costs,
honor values and copy counts are estimated, see ``sets/legends.toml``). A player who owns the
cards writes the printed numbers into a TOML file, without editing the package:

```toml
[cards.legends.pathseeker_sensei]   # [cards.<set id>.<card id>]
cost = 4
honor = 3
copies = 2
factions = ["enlightened"]
"renown_threshold.at" = 5           # "<verb>.<parameter>": every such step of the card
```

The file is ``$ASCENSION_OVERRIDES`` (several paths separated by ``os.pathsep``, applied in
order) or, when that is not set, ``overrides.toml`` in the user config directory
(``platformdirs.user_config_dir("ascension")``) if it exists. A value a player overrides is no
longer marked estimated. Every mistake is a :class:`~ascension.core.cards.SetFileError` naming
the override file and the card.

A match records the overrides that changed its sets in its setup (``setup["overrides"]``), so a
saved game or a game record restores and replays exactly, whatever override file is in place
when it is opened.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

ENV = "ASCENSION_OVERRIDES"
FILE_NAME = "overrides.toml"
SECTIONS = ("card", "always", "starting", "legend")
# field -> (smallest, largest) value allowed; a huge ``copies`` would build millions of cards
NUMBERS = {"cost": (0, 99), "honor": (0, 99), "copies": (1, 100)}   # as cards.MAX_NUMBER, MAX_COPIES
_left_out: str | None = None   # why the override files are not used in this process (leave_out)


def override_paths() -> list[Path]:
    if _left_out is not None:   # found broken at start: this process goes on without them
        return []
    env = os.environ.get(ENV)
    if env:
        return [Path(p) for p in env.split(os.pathsep) if p]
    try:
        import platformdirs
    except ImportError:  # pragma: no cover - platformdirs is a dependency
        return []
    default = Path(platformdirs.user_config_dir("ascension")) / FILE_NAME
    return [default] if default.is_file() else []


def _error(msg: str) -> Exception:
    from .cards import SetFileError  # cards imports this module
    return SetFileError(msg)


def read(path: Path) -> dict[str, dict[str, dict[str, Any]]]:
    """The ``cards`` table of an override file: set id -> card id -> field -> value."""
    from .cards import read_toml   # cards imports this module
    raw = read_toml(path, "override file")
    unknown = sorted(set(raw) - {"cards"})
    if unknown:
        raise _error(f"{path}: unknown section(s) {', '.join(unknown)} (overrides go under [cards.<set>.<card>])")
    cards = raw.get("cards", {})
    if not isinstance(cards, dict):
        raise _error(f"{path}: cards: expected tables [cards.<set>.<card>]")
    for set_id, table in cards.items():
        if not isinstance(table, dict) or not all(isinstance(v, dict) for v in table.values()):
            raise _error(f"{path}: [cards.{set_id}]: expected one table per card, [cards.{set_id}.<card id>]")
    return cards


def _steps(entry: dict):
    """Every effect step of a raw card entry, nested lists included."""
    lists = [v for k, v in entry.items() if isinstance(v, list) and k not in ("factions", "keywords", "estimated")
             and k not in ("abilities", "triggers")]
    lists += [x.get("effect", []) for k in ("abilities", "triggers") for x in entry.get(k, []) if isinstance(x, dict)]
    todo = [s for lst in lists for s in lst]
    while todo:
        step = todo.pop()
        if isinstance(step, dict) and len(step) == 1:
            yield step
            (verb, params), = step.items()
            if isinstance(params, dict):
                todo += [s for v in params.values() if isinstance(v, list) for s in v]


def _set_param(entry: dict, verb: str, param: str, value: Any) -> int:
    hits = 0
    for step in _steps(entry):
        if verb in step:
            params = step[verb]
            if not isinstance(params, dict):  # shorthand: ``draw = 2``
                params = step[verb] = {"n": params}
            params[param] = value
            hits += 1
    return hits


def apply(raw: dict, set_id: str, paths: list[Path] | None = None) -> dict[str, dict[str, Any]]:
    """Apply every override file's ``[cards.<set_id>.*]`` to a freshly parsed set file, in order
    (a later file wins a field); return what was applied, merged: card id -> field -> value."""
    merged: dict[str, dict[str, Any]] = {}
    for path in override_paths() if paths is None else paths:
        table = read(path).get(set_id, {})
        apply_table(raw, set_id, table, str(path))
        for card_id, values in table.items():
            merged.setdefault(card_id, {}).update(values)
    return merged


def apply_table(raw: dict, set_id: str, table: dict, source: str) -> dict:
    """Apply one table of overrides (card id -> field -> value) from ``source`` (a file, a save)."""
    from .cards import FACTIONS
    entries = {e.get("id"): e for s in SECTIONS for e in raw.get(s, []) if isinstance(e, dict)}
    for card_id, values in table.items():
        where = f"{source}: [cards.{set_id}.{card_id}]"
        entry = entries.get(card_id)
        if entry is None:
            raise _error(f"{where}: set '{set_id}' has no card with id '{card_id}'")
        if not isinstance(values, dict):
            raise _error(f"{where}: expected a table of fields")
        estimated = entry.get("estimated", [])
        for key, value in values.items():
            if key in NUMBERS:
                low, high = NUMBERS[key]
                if not isinstance(value, int) or isinstance(value, bool) or value < low:
                    raise _error(f"{where}: field '{key}': expected a whole number of at least {low}, not {value!r}")
                if value > high:
                    raise _error(f"{where}: field '{key}': expected a whole number of at most {high}, not {value!r}")
                entry[key] = value
            elif key == "factions":
                if not isinstance(value, list) or any(f not in FACTIONS for f in value):
                    raise _error(f"{where}: field 'factions': expected a list of {', '.join(FACTIONS)}, "
                                 f"not {value!r}")
                entry[key] = value
            elif "." in key:
                verb, param = key.split(".", 1)
                if not isinstance(value, (int, str, bool)):
                    raise _error(f"{where}: field '{key}': expected a number, text or true/false")
                if not _set_param(entry, verb, param, value):
                    raise _error(f"{where}: field '{key}': the card has no '{verb}' step")
                # the estimated marker of a Renown Threshold space is called "threshold"
                key = "threshold" if verb == "renown_threshold" and param == "at" else key
            else:
                raise _error(f"{where}: field '{key}': cannot be overridden (use cost, honor, copies, "
                             f"factions or '<verb>.<parameter>')")
            if key in estimated:
                estimated = [e for e in estimated if e != key]
        if "estimated" in entry:
            entry["estimated"] = estimated
    return raw


def problems() -> str | None:
    """What is wrong with the player's override files (the first problem, naming the file and the
    card), or None: each file is read and every installed set is loaded with them, as a new match
    would. A set that fails to load without the overrides too is the set file's problem, not theirs."""
    from .cards import SetFileError
    from .match import SetupError, available_sets, load_set
    paths = override_paths()
    for path in paths:
        try:
            read(path)
        except SetFileError as exc:
            return str(exc)
        except Exception as exc:   # e.g. bytes that are not UTF-8: still the file's problem
            return f"{path}: cannot read the override file: {type(exc).__name__}: {exc}"
    for set_id in available_sets() if paths else ():
        try:
            load_set(set_id)
        except (SetFileError, SetupError) as exc:
            try:
                load_set(set_id, recorded={})
            except (SetFileError, SetupError):
                continue
            return str(exc)
    return None


def leave_out(reason: str) -> None:
    """Go on without the override files for the rest of this process (a front end that found
    ``problems()`` and told the player): new matches use the sets' own numbers. Saved games
    still use the overrides recorded with them."""
    global _left_out
    from .match import _load_set
    _left_out = reason
    _load_set.cache_clear()   # sets loaded before with the files' numbers
