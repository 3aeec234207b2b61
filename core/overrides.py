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
(``ASCENSION_CONFIG_DIR``, else the platform's, as for the settings) if it exists. A value a
player overrides is no longer marked estimated. Every mistake is a :class:`~ascension.core.cards.SetFileError` naming
the override file and the card. The desktop's Cards window writes the first of these files
(``corrected``): a player types the printed numbers there instead of editing TOML.

A match records the overrides that changed its sets in its setup (``setup["overrides"]``), so a
saved game or a game record restores and replays exactly, whatever override file is in place
when it is opened.
"""
from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .folders import config_dir
from .i18n import _

if TYPE_CHECKING:
    from .cards import CardDef

ENV = "ASCENSION_OVERRIDES"
FILE_NAME = "overrides.toml"
SECTIONS = ("card", "always", "starting", "legend")
# field -> (smallest, largest) value allowed; a huge ``copies`` would build millions of cards
NUMBERS = {"cost": (0, 99), "honor": (0, 99), "copies": (1, 100)}   # as cards.MAX_NUMBER, MAX_COPIES
THRESHOLD = "renown_threshold.at"   # the override key of a Renown Threshold's space ...
MARKS = {THRESHOLD: "threshold"}     # ... and its name in a card's ``estimated``
HEADER = ("# Printed numbers of cards, used instead of the sets' own (the Cards window of\n"
          "# Ascension Table writes them here; what else this file holds is kept).\n")
EARLIER_HEADER = ("# Printed numbers of cards, used instead of the sets' own (see the Cards window of\n"
                  "# Ascension Table, which writes this file: comments here are not kept).\n")
_left_out: str | None = None   # why the override files are not used in this process (leave_out)


def override_paths() -> list[Path]:
    if _left_out is not None:   # found broken at start: this process goes on without them
        return []
    named = _named()
    if named:
        return named
    default = _default_file()
    return [default] if default.is_file() else []


def _named() -> list[Path]:
    """The files ``$ASCENSION_OVERRIDES`` names; none when it is unset or names none (``:``), and
    the default file is read and written then, by the games and the Cards window alike."""
    return [Path(p).expanduser() for p in os.environ.get(ENV, "").split(os.pathsep) if p]


def _default_file() -> Path:
    """``overrides.toml`` in the user config folder, beside the settings; one kept in the folder
    earlier versions used (``platformdirs.user_config_dir("ascension")``) stays in use where it
    is while the config folder has none, so no player's corrections are dropped."""
    file = config_dir() / FILE_NAME
    if file.exists() or os.environ.get("ASCENSION_CONFIG_DIR"):
        return file
    import platformdirs
    earlier = Path(platformdirs.user_config_dir("ascension")) / FILE_NAME
    return earlier if earlier.is_file() else file


def user_file() -> Path:
    """The override file the Cards window writes a player's corrections to: the first of
    ``$ASCENSION_OVERRIDES``, else ``overrides.toml`` in the user config folder (made when first
    written)."""
    named = _named()
    return named[0] if named else _default_file()


def _error(msg: str) -> Exception:
    from .cards import SetFileError  # cards imports this module
    return SetFileError(msg)


def read(path: Path) -> dict[str, dict[str, dict[str, Any]]]:
    """The ``cards`` table of an override file: set id -> card id -> field -> value."""
    from .cards import read_toml   # cards imports this module
    raw = read_toml(path, "override file")
    unknown = sorted(set(raw) - {"cards"})
    if unknown:
        raise _error(_("{file}: unknown section(s) {sections} (overrides go under [cards.<set>.<card>])").format(
            file=path, sections=", ".join(unknown)))
    cards = raw.get("cards", {})
    if not isinstance(cards, dict):
        raise _error(_("{file}: cards: expected tables [cards.<set>.<card>]").format(file=path))
    for set_id, table in cards.items():
        if not isinstance(table, dict) or not all(isinstance(v, dict) for v in table.values()):
            raise _error(_("{file}: [cards.{set}]: expected one table per card, [cards.{set}.<card id>]").format(
                file=path, set=set_id))
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
    always = {e.get("id") for e in raw.get("always", []) if isinstance(e, dict)}
    for card_id, values in table.items():
        where = f"{source}: [cards.{set_id}.{card_id}]"
        entry = entries.get(card_id)
        if entry is None:
            raise _error(_("{where}: set '{set}' has no card with id '{card}'").format(where=where, set=set_id,
                                                                                        card=card_id))
        if not isinstance(values, dict):
            raise _error(_("{where}: expected a table of fields").format(where=where))
        estimated = entry.get("estimated", [])
        for key, value in values.items():
            if key in NUMBERS:
                low, high = NUMBERS[key]
                if key == "cost" and card_id in always and type(value) is int and value == 0:
                    raise _error(_("{where}: field 'cost': an always-available card costs at least 1, not 0 (one "
                                   "free for ever could be taken without end, and a game with it would never "
                                   "finish)").format(where=where))
                if not isinstance(value, int) or isinstance(value, bool) or value < low:
                    raise _error(_("{where}: field '{field}': expected a whole number of at least {n}, not {value}")
                                 .format(where=where, field=key, n=low, value=repr(value)))
                if value > high:
                    raise _error(_("{where}: field '{field}': expected a whole number of at most {n}, not {value}")
                                 .format(where=where, field=key, n=high, value=repr(value)))
                entry[key] = value
            elif key == "factions":
                if not isinstance(value, list) or any(f not in FACTIONS for f in value):
                    raise _error(_("{where}: field 'factions': expected a list of {factions}, not {value}").format(
                        where=where, factions=", ".join(FACTIONS), value=repr(value)))
                entry[key] = value
            elif "." in key:
                verb, param = key.split(".", 1)
                if not isinstance(value, (int, str, bool)):
                    raise _error(_("{where}: field '{field}': expected a number, text or true/false").format(
                        where=where, field=key))
                if not _set_param(entry, verb, param, value):
                    raise _error(_("{where}: field '{field}': the card has no '{verb}' step").format(
                        where=where, field=key, verb=verb))
                key = MARKS.get(key, key)
            else:
                raise _error(_("{where}: field '{field}': cannot be overridden (use cost, honor, copies, "
                               "factions or '<verb>.<parameter>')").format(where=where, field=key))
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
            return _("{file}: cannot read the override file: {error}").format(
                file=path, error=f"{type(exc).__name__}: {exc}")
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


def go_on_without() -> str | None:
    """For a front end at its start: what is wrong with the player's override files, in words
    for them, after leaving the files out for this process (new games use the sets' own
    numbers); None when the files are fine. A mistake in one must not stop every new game."""
    problem = problems()
    if problem is None:
        return None
    leave_out(problem)
    return _("Your card overrides are not used in this session: {problem}. New games use the numbers in the card "
             "sets; fix the file and restart to use your own.").format(problem=problem)


def leave_out(reason: str) -> None:
    """Go on without the override files for the rest of this process (a front end that found
    ``problems()`` and told the player): new matches use the sets' own numbers. Saved games
    still use the overrides recorded with them."""
    global _left_out
    _left_out = reason
    reload()


def reload() -> None:
    """Forget the sets loaded so far: the next match (and the Cards window) reads the override
    files again. Matches already built keep the card definitions they were built with."""
    from .match import _load_set
    _load_set.cache_clear()


# --- corrections typed in the program ------------------------------------------------------

def correctable(card: CardDef) -> dict[str, int]:
    """The numbers of a card a player may correct in the Cards window, by override key, with the
    card's values: its cost when it is ever paid, honor (heroes and constructs), copies (not of a
    Legendary Character or a permanent card), a Renown Threshold's space; and any of them the set
    estimated."""
    at = next((s.params.at for steps in card.effects.values() for s in steps if s.verb.name == "renown_threshold"),
              None)
    found = {"cost": card.cost, "honor": card.honor, "copies": card.count, THRESHOLD: at}
    shown = {"cost": card.priced, "honor": card.type in ("hero", "construct"),
             "copies": card.role != "legend" and not card.permanent, THRESHOLD: at is not None}
    return {k: v for k, v in found.items() if shown[k] or MARKS.get(k, k) in card.estimated}


def corrected(set_id: str, card_id: str, values: dict[str, Any] | None) -> tuple[Path, str]:
    """The player's override file (``user_file()``) with one card's numbers as typed, or with
    ``values=None`` without that card's entry (the set's estimates again); every other entry
    kept. Returns its path and new text, checked as a new match would load it: a SetFileError
    names the file, the card and the field. Nothing is written here: the front end writes the
    text atomically, then calls ``reload()``. Only numbers that differ from the set's own, or
    that the set estimated, are written: a value the player sets is no longer estimated."""
    if _left_out is not None:
        raise _error(_("your override files are not used in this session ({reason}); correct them in a "
                       "text editor, then start the program again").format(reason=_left_out))
    path = user_file()
    entry = dict(read(path).get(set_id, {}).get(card_id, {})) if path.exists() else {}
    if values is None:
        entry = {}
    else:
        own = _own_card(set_id, card_id)
        printed = {k: v for k, v in correctable(own).items() if MARKS.get(k, k) not in own.estimated}
        for key, value in values.items():
            if type(value) is int and printed.get(key) == value:
                entry.pop(key, None)   # the set's printed number: nothing to override
            else:
                entry[key] = value
    text = _edited(path, set_id, card_id, entry)
    _check(path, tomllib.loads(text).get("cards", {}))   # (what is written is what was checked)
    return path, text


def _edited(path: Path, set_id: str, card_id: str, entry: dict[str, Any]) -> str:
    """The override file's text with one card's entry as given (none when empty), everything
    else as the player wrote it, comments and layout included (tomlkit keeps them)."""
    import tomlkit
    from .cards import MAX_FILE_BYTES
    from .folders import read_bounded
    text = read_bounded(path, MAX_FILE_BYTES).decode("utf-8-sig") if path.exists() else HEADER
    if text.startswith(EARLIER_HEADER):   # (what it said is no longer so)
        text = HEADER + text[len(EARLIER_HEADER):]
    try:
        doc = tomlkit.parse(text)
    except tomlkit.exceptions.ParseError as exc:   # (changed since it was read, in a way TOML refuses)
        raise _error(_("{file}: cannot read the override file: {error}").format(file=path, error=exc)) from None
    cards = doc.setdefault("cards", tomlkit.table(is_super_table=True))
    sets = cards.setdefault(set_id, tomlkit.table(is_super_table=True))
    if entry:
        table = sets.setdefault(card_id, tomlkit.table())
        for key in [k for k in table if k not in entry]:
            del table[key]
        for key, value in entry.items():
            if table.get(key) != value:
                table[key] = value
    else:
        sets.pop(card_id, None)
    if not sets:
        del cards[set_id]
    if not cards:
        del doc["cards"]
    return tomlkit.dumps(doc)


def _own_card(set_id: str, card_id: str) -> CardDef:
    """A card as its set file has it, without any override."""
    from .match import SetupError, load_set
    try:
        card_set = load_set(set_id, recorded={})
    except SetupError as exc:
        raise _error(str(exc)) from None
    for group in (card_set.center, card_set.always, card_set.starting, card_set.legends):
        for d in group:
            if d.id == f"{set_id}.{card_id}":
                return d
    raise _error(_("{where}: set '{set}' has no card with id '{card}'").format(
        where=f"[cards.{set_id}.{card_id}]", set=set_id, card=card_id))


def _check(path: Path, cards: dict) -> None:
    """Raise a SetFileError naming ``path`` unless every installed set loads with these overrides
    (those of sets not installed here are kept as they are, as when the file is read)."""
    from .cards import SetFileError, read_toml
    from .match import available_sets, load_set
    for set_id, table in cards.items():
        if set_id in available_sets():
            apply_table(read_toml(available_sets()[set_id], "set file"), set_id, table, str(path))
            try:   # what only the whole card can say (a Renown Threshold past the track's end)
                load_set(set_id, recorded=table)
            except SetFileError as exc:
                raise _error(f"{path}: {exc}") from None
