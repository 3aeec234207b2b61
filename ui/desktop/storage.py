"""Where the desktop program and the terminal game keep things: settings and presets (config
dir), the autosaves (data dir). Qt-free, so the terminal game uses it too.

``ASCENSION_CONFIG_DIR`` / ``ASCENSION_DATA_DIR`` override the platform folders, so tests and
screenshot runs never touch a player's real files. Every write goes to a temporary file first
and is renamed into place: a crash mid-write leaves the previous file whole (and the temporary
file, which the next start removes). A file that cannot be used is set aside, never deleted.
"""
from __future__ import annotations

import json
import logging
import os
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from ascension.core.bots import BotUnavailable
from ascension.core.folders import (HELD, LEFT_BEHIND_AFTER_S, TMP_SUFFIX, config_dir, data_dir, held_games, kept_games_dir,
                                    put_on_hold, read_bounded, saves_dir, set_aside, write_text_atomic)
from ascension.core.i18n import _, os_error, validation_message
from ascension.core.match import MAX_SAVE_CHARS, SaveFileError, SaveNotUsableNow, replay, save
from ascension.core.session import Session

log = logging.getLogger(__name__)

MAX_HONOR_POOL = 999   # the largest honor pool a setup may ask for (the setup dialog's field)


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def terminal_autosave_path() -> Path:
    """The terminal game's own autosave (a desktop game in progress is not touched by it)."""
    return data_dir() / "terminal-autosave.json"


def settings_path() -> Path:
    return config_dir() / "desktop.json"


# What write_text_atomic leaves behind when the program dies mid-write: the JSON file's name,
# mkstemp's eight random characters, ".tmp". Nothing else is ever removed.
LEFT_BEHIND = re.compile(r".+\.json[a-z0-9_]{8}" + re.escape(TMP_SUFFIX))


def remove_left_behind(folders: list[Path] | None = None,
                       older_than_s: float = LEFT_BEHIND_AFTER_S) -> list[Path]:
    """Remove the temporary files an interrupted write left in the data and config folders
    (and the saves and kept games' folders); return those removed. A file that cannot be removed stays."""
    folders = folders if folders is not None else [data_dir(), saves_dir(), kept_games_dir(), config_dir()]
    now, removed = time.time(), []
    for folder in folders:
        try:
            candidates = [p for p in folder.iterdir() if LEFT_BEHIND.fullmatch(p.name)]
        except OSError:   # no such folder yet, or unreadable: nothing to clean
            continue
        for p in candidates:
            try:
                if p.is_file() and now - p.stat().st_mtime > older_than_s:
                    p.unlink()
                    removed.append(p)
            except OSError as exc:
                log.warning("could not remove the left-behind temporary file %s: %s", p, exc)
    return removed


SAVE_SUFFIX = ".json"


def save_name(typed: str | Path) -> Path:
    """The file a game is saved to when the player typed ``typed``: with ``.json`` added when
    missing, so that the Load dialog, which lists saved games by that suffix, shows it."""
    path = Path(typed)
    return path if path.suffix.lower() == SAVE_SUFFIX else path.with_name(path.name + SAVE_SUFFIX)


MAX_SAVE_BYTES = MAX_SAVE_CHARS   # what a save may hold at most; a saved session is a few hundred kB


def read_save_text(path: Path) -> str:
    """The text of a saved game or a game record, or OSError/ValueError saying why it cannot be
    one (no file, too big, not UTF-8); the caller names the file. A byte-order mark (a file
    passed through Notepad) is no part of the text."""
    return read_bounded(path, MAX_SAVE_BYTES).decode("utf-8-sig")


def check_playable(session: Session) -> None:
    """Raise if the table could not show ``session``: its decision, the options' labels, the log,
    the scores, every seat's view, the Legendary Track's board and, once the game is over, who won
    are all worked out once before it replaces anything."""
    from ascension.plugins.legendary.track import board
    game = session.game
    dec = session.decision()
    if dec is not None:
        for option in dec.options:
            game.label(option)
    game.log_lines(game.log)
    game.scores()
    for seat in range(len(game.players)):
        game.view(seat)
    board(game)
    if game.over:
        game.winners()
        game.tie_break()


def read_session(path: str | Path) -> Session:
    """A saved session, checked whole (readable, a session, playable); anything wrong is a
    SaveFileError naming the file. Nothing is changed either way."""
    try:
        text = read_save_text(Path(path))
    except FileNotFoundError as exc:   # gone
        raise SaveFileError(_("{path}: cannot be read as a saved game: {error}").format(
            path=path, error=os_error(exc, path))) from None
    except ValueError as exc:   # not UTF-8, too large
        raise SaveFileError(_("{path}: cannot be read as a saved game: {error}").format(path=path, error=exc)) from None
    except OSError as exc:   # permissions, a disk error: locked is not damaged
        raise SaveNotUsableNow(path, _("cannot be read now: {error}").format(error=os_error(exc, path))) from None
    session = None
    try:
        session = Session.from_json(text, str(path))
        check_playable(session)
    except SaveFileError:
        raise
    except BotUnavailable as exc:   # the save is sound: say what is missing, not that the save is bad
        raise SaveNotUsableNow(path, _("the saved game is sound, but one of its bots cannot start: {error}").format(
            error=exc)) from None
    except Exception as exc:   # RecursionError for deep nesting, or a state the engine rejects late
        failed = session is not None and session.installed_plugin_at_fault(exc)
        if failed:   # the code of a plugin installed apart failed, not the file: kept until it works
            raise SaveNotUsableNow(path, _("the saved game is sound as far as can be told, but {error}").format(
                error=failed)) from None
        raise SaveFileError(_("{path}: not a valid saved game: {error}").format(
            path=path, error=f"{type(exc).__name__}: {exc}")) from None
    restore_history(session)
    return session


def release_held_game(slot: Path) -> Path | None:
    """A game put on hold from the autosave ``slot`` that can be resumed now (its plugin is back,
    its file readable again) goes back into ``slot`` while that is free, and is offered from
    there as any autosave is. Returns where it was held, or None."""
    for held in held_games(slot):
        if slot.exists():
            return None
        try:
            read_session(held)
        except SaveFileError:   # still not usable (or damaged since): it stays where it is
            continue
        try:
            held.replace(slot)
        except OSError as exc:
            log.warning("a game on hold (%s) could not be moved back to %s: %s", held, slot, exc)
            return None
        return held
    return None


def kept_by_the_program(path: str | Path) -> bool:
    """Whether ``path`` is a file the program keeps a game in on its own: an autosave (the
    desktop's, the terminal's), a game on hold or kept for the history. A Save there would be
    written over by the next game, or removed once that game is in the history."""
    try:
        real = Path(path).resolve()
        own = {autosave_path().resolve(), terminal_autosave_path().resolve()}
        folders = {(autosave_path().parent / HELD).resolve(), (terminal_autosave_path().parent / HELD).resolve(),
                   kept_games_dir().resolve()}
    except (OSError, RuntimeError):
        return False
    return real in own or real.parent in folders


def still_in_the_way(slot: Path) -> bool:
    """Whether the earlier game that could not be moved out of the way of a new one (set aside
    or put on hold) still stands at ``slot``, so that no new game may be autosaved there; False
    once the player has moved it."""
    try:
        return slot.exists()
    except OSError:   # cannot tell: it may be there
        return True


def in_the_way(slot: Path) -> str:
    """Why a new game is not autosaved to ``slot`` (see :func:`still_in_the_way`)."""
    return _("{path} still holds the earlier game that could not be moved out of the way, and it is not "
             "written over").format(path=slot)


def restore_history(session: Session) -> bool:
    """Give a loaded game what its save does not hold: the log of the game so far and an undo
    step for every answer its people gave, rebuilt by replaying its setup and answers (as the
    history's replay does). A game that does not replay to exactly the saved state (staged, or
    saved by another engine) keeps an empty log and no undo. Returns whether it replayed."""
    game = session.game
    undo = []
    try:
        again = replay(game.ctx.setup, [])
        for answer in game.answers:
            dec = again.decision()
            if dec is not None and 0 <= dec.seat < len(session.seats) and dec.seat not in session.bots:
                undo.append((save(again), dec.seat, len(again.log)))
            again.apply(answer)
        if save(again) != save(game):
            log.info("the saved game does not replay to its own state: shown without its log")
            return False
    except Exception as exc:   # the log is a convenience: the game itself was checked already
        log.info("the saved game could not be replayed for its log: %s", exc)
        return False
    game.log = again.log
    session.undo_stack = undo
    return True


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")   # keys of other versions are kept as they are


class SetupSeat(_Open):
    name: StrictStr = ""
    kind: StrictStr = "human"
    bot: StrictStr | None = None


class Setup(_Open):
    seats: list[SetupSeat] = []
    sets: list[StrictStr] = []
    variants: list[StrictStr] = []
    honor_pool: StrictInt | None = Field(None, ge=1, le=MAX_HONOR_POOL)   # (as the setup dialog's field takes it)
    seed: StrictInt | None = None
    first_player: StrictStr | None = None
    options: dict = {}


class _SettingsFile(_Open):
    """What the settings file may hold: each value is used only if it has the type the window reads."""
    last: Setup | None = None
    presets: dict[str, Setup] = {}
    speed: StrictStr = "normal"
    language: StrictStr | None = None
    window: StrictStr | None = None
    history_player: StrictStr | None = None


MAX_SETTINGS_BYTES = 1024 * 1024   # presets and a window geometry: a few kB


def _read_settings(path: Path) -> dict:
    """The settings file's object; OSError when it cannot be read (FileNotFoundError: there is
    none), ValueError when it is damaged (too large, not UTF-8, not JSON, nested too deeply, not an
    object)."""
    text = read_bounded(path, MAX_SETTINGS_BYTES).decode("utf-8-sig")   # (an editor's byte-order mark)
    try:
        loaded = json.loads(text)
    except RecursionError:
        raise ValueError(_("lists or objects nested too deeply")) from None
    except ValueError as exc:
        if type(exc) is ValueError:   # (Python's cap on reading integers: its words are for programmers)
            raise ValueError(_("a number of more than {n} digits").format(n=sys.get_int_max_str_digits())) from None
        raise
    if not isinstance(loaded, dict):
        raise ValueError(_("not an object of settings"))
    return loaded


def chosen_language(path: Path | None = None) -> str | None:
    """The language the settings file names, looked up before anything else is read, so that
    every message (a damaged settings file's too) is said in it; None when there is none to
    read. It changes nothing: :class:`Settings` deals with whatever is wrong with the file."""
    try:
        code = _read_settings(path or settings_path()).get("language")
    except (OSError, ValueError):
        return None
    return code if isinstance(code, str) and code else None


class Settings:
    """The last setup used, named presets, the bot speed and the language, as one small JSON file.

    A file that is damaged (not JSON, or values of the wrong kind) is set aside beside it and what
    can be used of it is kept; one that cannot be read now (permissions, a disk error) is left as
    it is and not written over this session. ``problem`` says so, for the window to show."""

    def __init__(self, path: Path | None = None):
        self.path = path or settings_path()
        self.data: dict = {"last": None, "presets": {}, "speed": "normal"}
        self.problem = ""
        self.writable = True
        self.save_failed: Callable[[str], None] | None = None   # told (once) when a change cannot be kept
        self._save_error = ""
        try:
            loaded = _read_settings(self.path)
        except FileNotFoundError:
            return
        except ValueError as exc:   # damaged: not UTF-8, not JSON, too large or deep, not an object
            self._set_aside(str(exc))
            return
        except OSError as exc:   # locked is not damaged: left alone, and not written over
            self.writable = False
            self.problem = _("Your settings {path} cannot be read now ({error}): this session uses the defaults "
                             "and leaves the file as it is.").format(path=self.path, error=os_error(exc, self.path))
            log.warning("%s", self.problem)
            return
        wrong = self._usable(loaded)
        self.data.update(loaded)
        if wrong:
            self._set_aside(wrong, kept=True)

    @staticmethod
    def _usable(loaded: dict) -> str:
        """Drop from ``loaded`` every value the window could not use (a whole preset, or one
        top-level value: pydantic names them all at once); returns where the first one was, or ""."""
        try:
            _SettingsFile.model_validate(loaded)
            return ""
        except ValidationError as exc:
            errors = exc.errors()
        for err in errors:
            loc = err["loc"]
            if loc[0] == "presets" and len(loc) > 1 and isinstance(loaded.get("presets"), dict):
                loaded["presets"].pop(loc[1], None)
            else:
                loaded.pop(loc[0], None)
        return "{where}: {error}".format(where=".".join(str(x) for x in errors[0]["loc"]), error=validation_message(errors[0]))

    def _set_aside(self, error: str, kept: bool = False) -> None:
        try:
            where = _("it was set aside as {path}").format(path=set_aside(self.path))
        except OSError as move_exc:
            where = _("it could not be set aside ({error})").format(error=os_error(move_exc))
        self.problem = (_("Your settings {path} held what cannot be used ({error}); {where}, and the rest of it is "
                          "used.") if kept else
                        _("Your settings {path} are damaged ({error}); {where}, and the defaults are used.")).format(
            path=self.path, error=error, where=where)
        log.warning("%s", self.problem)

    def _change(self, edit: Callable[[dict], None]) -> None:
        """Make one change and save it into what the file holds now, not over it: another
        program may have saved its own changes since (a desktop of another data folder shares
        these settings), and writing this program's copy whole would drop them (a preset saved
        there, gone when this one closed)."""
        if self.writable:
            try:
                current = _read_settings(self.path)
            except (OSError, ValueError):   # none yet, or damaged since: this copy is written
                current = None
            if current is not None:
                self._usable(current)
                self.data.update(current)
        edit(self.data)
        self.save()

    def set(self, key: str, value) -> None:
        """A top-level value (the window's place, the player the History window shows)."""
        self._change(lambda data: data.__setitem__(key, value))

    def save(self) -> None:
        if not self.writable:
            return
        try:
            write_text_atomic(self.path, json.dumps(self.data, indent=2, sort_keys=True))
        except OSError as exc:   # a full disk, a read-only or blocked folder: the change lasts this session
            error = _("Your settings cannot be saved to {path} ({error}): changes last until you close the "
                      "program.").format(path=self.path, error=os_error(exc, self.path))
            if error != self._save_error:   # said once per new reason, not at every change
                self._save_error = error
                log.warning("%s", error)
                if self.save_failed is not None:
                    self.save_failed(error)
        else:
            self._save_error = ""

    @property
    def last(self) -> dict | None:
        return self.data.get("last")

    @last.setter
    def last(self, setup: dict) -> None:
        self.set("last", setup)

    @property
    def presets(self) -> dict[str, dict]:
        return self.data.setdefault("presets", {})

    def save_preset(self, name: str, setup: dict) -> None:
        self._change(lambda data: data.setdefault("presets", {}).__setitem__(name, setup))

    def delete_preset(self, name: str) -> None:
        self._change(lambda data: data.setdefault("presets", {}).pop(name, None))

    @property
    def speed(self) -> str:
        return self.data.get("speed", "normal")

    @speed.setter
    def speed(self, value: str) -> None:
        self.set("speed", value)

    @property
    def language(self) -> str | None:
        """The language the player chose in the window (None: the environment's)."""
        value = self.data.get("language")
        return value if isinstance(value, str) and value else None

    @language.setter
    def language(self, code: str | None) -> None:
        self.set("language", code)
