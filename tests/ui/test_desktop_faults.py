"""The desktop never throws a game away: a bad autosave is set aside with a notice, a bad Load
keeps the game on the table, a bad override file is reported and the game goes on without it,
a move that raises leaves the game as it was, and what an interrupted write left is cleaned up."""
from __future__ import annotations

import json
import os
import time

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox

from ascension.core import overrides
from ascension.core.engine import Game
from ascension.core.match import SaveFileError, SetupError, _load_set
from ascension.core.names import validate_name
from ascension.core.session import Seat, Session
from ascension.ui.desktop import app, storage
from ascension.ui.desktop.app import MainWindow
from ascension.ui.desktop.instance import Instance
from ascension.ui.desktop.setup_dialog import SetupDialog
from clicker import seats

TWO = {"seats": seats("Ann", ("Bob", "greedy")), "sets": ["10th"], "variants": [], "seed": 7, "honor_pool": None}


def valid_session() -> dict:
    return json.loads(Session.start(["10th"], [Seat("Ann"), Seat("Bob", "bot", "greedy")], seed=7).to_json())


def tampered(change) -> bytes:
    d = valid_session()
    change(d)
    return json.dumps(d).encode()


def damaged_json(limit: int) -> dict[str, bytes]:
    """What no JSON file of ours may hold, whatever it is for (``limit``: its size at most)."""
    return {"not-json": b"{not json", "a-list": b"[1]", "deeply-nested": b"[" * 100_000 + b"]" * 100_000,
            "huge": b" " * (limit + 1) + b"{}", "not-utf8": b'{"format": 1, "seats": "\xff\xfe"}'}


# Every kind of file that is not a resumable game; each must be set aside, never crash the start.
BAD_SAVES = {
    **damaged_json(storage.MAX_SAVE_BYTES),
    "empty": b"",
    "truncated": json.dumps(valid_session()).encode()[:300],
    "null": b"null",
    "a-string": b'"autosave"',
    "wrong-format": tampered(lambda d: d.update(format="one")),
    "no-game": tampered(lambda d: d.pop("game")),
    "seats-not-a-list": tampered(lambda d: d.update(seats=5)),
    "bad-current": tampered(lambda d: d["game"]["state"].update(current=99)),
    "bad-pending": tampered(lambda d: d["game"]["state"].update(pending={"kind": "nonsense"})),
    "card-duplicated": tampered(lambda d: d["game"]["state"]["players"][0]["hand"].append(
        d["game"]["state"]["players"][0]["hand"][0])),
}


@pytest.fixture
def no_modal_dialogs(monkeypatch):
    """Whatever would open a modal box is recorded instead (a test must not wait for a click)."""
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text, *a: shown.append((title, text)))
    return shown


def start_desktop(monkeypatch):
    """Run ``ascension-desktop``'s main() as a player would start it, up to the event loop; the
    New game dialog it opens is cancelled. Returns the main window."""
    monkeypatch.setattr(QApplication, "exec", lambda self: 0)
    monkeypatch.setattr(SetupDialog, "exec", lambda self: SetupDialog.Rejected)
    monkeypatch.setattr(MainWindow, "confirm", lambda self, title, text, **_: True)
    before = set(QApplication.topLevelWidgets()) if QApplication.instance() else set()
    assert app.main([]) == 0
    return next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w not in before)


def started_with(qtbot, monkeypatch, path, content: bytes):
    """The desktop started as a player would, with ``content`` in the file at ``path`` (an
    autosave, the settings)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    window = start_desktop(monkeypatch)
    qtbot.addWidget(window)
    return window


# ---------------------------------------------------------------------------- the autosave
@pytest.mark.parametrize("content", BAD_SAVES.values(), ids=BAD_SAVES.keys())
def test_a_bad_autosave_is_set_aside_with_a_notice_and_a_new_game_starts(qtbot, monkeypatch, content):
    path = storage.autosave_path()
    window = started_with(qtbot, monkeypatch, path, content)
    aside = list(path.parent.glob("autosave.json.bad-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content and not path.exists()
    assert window.notice.isVisible() and str(aside[0]) in window.notice.text()
    assert window.notice.text().startswith("The autosaved game could not be resumed")
    assert window.controller.session is None and window.stack.currentWidget() is window.welcome
    window.start(TWO)   # and the table is usable
    assert window.stack.currentWidget() is window.play_page
    assert json.loads(path.read_text())["game"]["state"]["turn"] == 1


def test_an_exception_of_any_kind_while_restoring_sets_the_autosave_aside(window, monkeypatch):
    path = storage.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(valid_session()))

    def boom(*a, **k):
        raise RuntimeError("something unforeseen")
    monkeypatch.setattr(Game, "scores", boom)   # the table could not be painted
    assert not window.offer_resume()
    assert "RuntimeError: something unforeseen" in window.notice.text()
    assert list(path.parent.glob("autosave.json.bad-*")) and not path.exists()


def test_a_good_autosave_is_still_offered_at_start(qtbot, monkeypatch):
    path = storage.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(valid_session()))
    window = start_desktop(monkeypatch)
    qtbot.addWidget(window)
    assert window.controller.session is not None and not window.notice.isVisible()


# ---------------------------------------------------------------------------- File › Load
@pytest.mark.parametrize("content", BAD_SAVES.values(), ids=BAD_SAVES.keys())
def test_a_bad_load_keeps_the_game_on_the_table_and_the_autosave(window, qtbot, tmp_path, no_modal_dialogs, content):
    window.start(TWO)
    qtbot.mouseClick(window.table.hand.cards[0], Qt.LeftButton)
    before, autosave = window.controller.session.to_json(), storage.autosave_path().read_bytes()
    shown_log = window.log_panel.shown
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    assert not window.load_path(str(bad))
    assert window.controller.session.to_json() == before
    assert storage.autosave_path().read_bytes() == autosave
    assert window.log_panel.shown == shown_log and window.stack.currentWidget() is window.play_page
    assert len(no_modal_dialogs) == 1
    title, text = no_modal_dialogs[0]
    assert title == "Could not load" and text.startswith(str(bad))


def test_a_missing_file_is_a_plain_load_error(window, tmp_path, no_modal_dialogs):
    window.start(TWO)
    before = window.controller.session.to_json()
    assert not window.load_path(str(tmp_path / "gone.json"))
    assert window.controller.session.to_json() == before and str(tmp_path / "gone.json") in no_modal_dialogs[0][1]


# ---------------------------------------------------------------------------- override files
BAD_OVERRIDES = {
    "negative-cost": b"[cards.legends.master_vaya]\ncost = -1\n",
    "toml-syntax": b"[cards.legends.master_vaya\ncost = 7\n",
    "not-utf8": b"[cards.legends.master_vaya]\ncost = 7  # caf\xe9\n",
    "unknown-card": b"[cards.legends.master_vaya]\ncost = 7\n[cards.legends.nobody]\ncost = 3\n",
}
LEGENDS = {"seats": seats("Ann", ("Bob", "greedy")), "sets": ["10th", "legends"], "variants": ["legendary"],
           "seed": 5, "honor_pool": None}


@pytest.fixture
def override_file(tmp_path, monkeypatch):
    """An override file in ASCENSION_OVERRIDES, read afresh (no set cached from before), and the
    override files in use again afterwards."""
    path = tmp_path / "overrides.toml"
    monkeypatch.setenv(overrides.ENV, str(path))
    monkeypatch.setattr(overrides, "_left_out", None)
    _load_set.cache_clear()
    yield path
    _load_set.cache_clear()


@pytest.mark.parametrize("content", BAD_OVERRIDES.values(), ids=BAD_OVERRIDES.keys())
def test_a_bad_override_file_is_reported_and_the_game_goes_on_with_the_sets_numbers(
        qtbot, monkeypatch, override_file, content):
    override_file.write_bytes(content)
    window = start_desktop(monkeypatch)   # today: a traceback from the Legendary set-up choices
    qtbot.addWidget(window)
    assert window.notice.isVisible() and str(override_file) in window.notice.text()
    assert "Your card overrides are not used in this session" in window.notice.text()
    dialog = SetupDialog(window.settings, LEGENDS)
    qtbot.addWidget(dialog)
    assert dialog.start_button.isEnabled(), dialog.error.text()
    window.start(LEGENDS)
    vaya = {d.id: d for d in window.controller.game.ctx.defs}["legends.master_vaya"]
    assert vaya.cost == 5                       # the set's own number: nothing of the bad file is used
    assert "overrides" not in window.controller.game.ctx.setup
    window.controller.play_all()
    assert window.controller.game.answers      # and the game plays


def test_a_good_override_file_is_used_without_a_notice(qtbot, monkeypatch, override_file):
    override_file.write_text("[cards.legends.master_vaya]\ncost = 7\n")
    window = start_desktop(monkeypatch)
    qtbot.addWidget(window)
    assert not window.notice.isVisible()
    window.start(LEGENDS)
    assert {d.id: d for d in window.controller.game.ctx.defs}["legends.master_vaya"].cost == 7


# ---------------------------------------------------------------------------- a move that raises
def half_applied_fault(monkeypatch, times=1):
    """Game.apply changes the state and then raises, ``times`` times: the worst an engine can do."""
    real, failures = Game.apply, []

    def apply(game, index):
        real(game, index)
        if len(failures) < times:
            failures.append(index)
            raise RuntimeError("a hook blew up")
    monkeypatch.setattr(Game, "apply", apply)
    return failures


def test_a_move_that_raises_keeps_the_game_shows_why_and_play_goes_on(window, qtbot, monkeypatch):
    window.start(TWO)
    before, autosave = window.controller.session.to_json(), storage.autosave_path().read_text()
    failures = half_applied_fault(monkeypatch)
    qtbot.mouseClick(window.table.hand.cards[0], Qt.LeftButton)
    assert failures and window.controller.session.to_json() == before
    assert storage.autosave_path().read_text() == autosave            # the half move was never saved
    assert window.notice.isVisible() and "RuntimeError: a hook blew up" in window.notice.text()
    assert "The game is as it was before the move" in window.notice.text()
    assert not window.controller.can_undo()                           # no answer to take back
    qtbot.mouseClick(window.table.hand.cards[0], Qt.LeftButton)       # the same click works now
    assert len(window.controller.game.answers) == 1
    assert storage.autosave_path().read_text() == window.controller.session.to_json()


def test_a_plugin_error_names_the_plugin_and_the_hook(window, qtbot, monkeypatch):
    from ascension.core import engine
    plugin_error = getattr(engine, "PluginError", None)
    if plugin_error is None:
        pytest.fail("ascension.core.engine.PluginError is not there yet")
    window.start(TWO)
    before = window.controller.session.to_json()
    error = plugin_error("fate", "asc_card_did_enter_center_row", KeyError("slot"))

    def apply(game, index):
        raise error
    monkeypatch.setattr(Game, "apply", apply)
    qtbot.mouseClick(window.table.hand.cards[0], Qt.LeftButton)
    assert window.controller.session.to_json() == before
    assert "the plugin 'fate' failed in asc_card_did_enter_center_row: KeyError" in window.notice.text()


def test_a_plugin_that_could_not_be_loaded_is_named_above_the_table_at_start(window, monkeypatch, tmp_path):
    from ascension.core.plugins import load_catalog
    from ascension.ui.desktop import app
    (tmp_path / "asc_broken_at_import.py").write_text("raise RuntimeError('boom at import')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    catalog = load_catalog({"broken": "asc_broken_at_import"})
    monkeypatch.setattr(app, "installed", lambda: catalog)
    window.check_plugins()
    assert window.notice.text() == ("Some of what the installed plugins offer could not be used: plugin 'broken' "
                                    "(asc_broken_at_import) was not loaded: RuntimeError: boom at import")


def test_a_variant_whose_plugin_fails_in_its_setup_choices_is_not_offered_and_says_why(window, qtbot, monkeypatch):
    """One broken plugin never closes the New game window (it raised there): its variant is
    shown greyed with the reason, and a setup that had it leaves it out."""
    from ascension.core.hookspecs import hookimpl
    from ascension.core.plugins import Hooks, installed, make_manager
    from ascension.ui.desktop import setup_dialog

    class BrokenChoices:
        @hookimpl
        def asc_setup_choices(self):
            raise ValueError("choices broke")
    real = setup_dialog.setup_choices

    def with_a_broken_legendary(variants):
        if variants != ["legendary"]:
            return real(variants)
        pm = make_manager([installed().modules["legendary"]])
        pm.register(BrokenChoices(), name="legendary-extra")
        return Hooks(pm).setup_choices()
    monkeypatch.setattr(setup_dialog, "setup_choices", with_a_broken_legendary)
    dialog = SetupDialog(window.settings, LEGENDS)
    qtbot.addWidget(dialog)
    legendary = dialog.variant_checks["legendary"]
    assert not legendary.isEnabled() and not legendary.isChecked()
    assert ("Cannot be chosen: plugin 'legendary-extra' failed in asc_setup_choices: ValueError: choices broke"
            in [label.text() for label in dialog.findChildren(QLabel)])
    assert dialog.variant_checks["samael"].isEnabled() and dialog.setup()["variants"] == []


def test_nothing_is_said_of_plugins_when_all_loaded(window):
    window.check_plugins()
    assert window.notice.isHidden()


def test_a_bot_move_that_raises_keeps_the_game_and_skip_tries_again(window, qtbot, monkeypatch):
    window.start(dict(TWO, seats=seats(("Bob", "greedy"), "Ann"), first_player="as seated"))
    c = window.controller
    before = c.session.to_json()   # the bot has not moved yet: its answer comes through the event loop
    failures = half_applied_fault(monkeypatch)
    qtbot.waitUntil(lambda: bool(failures), timeout=5000)
    qtbot.waitUntil(lambda: "Skip bots tries again" in window.status.text(), timeout=5000)
    assert c.session.to_json() == before
    assert "RuntimeError: a hook blew up" in window.notice.text()
    c.skip_bots()   # the fault has passed: the bots play on to Ann's decision
    qtbot.waitUntil(lambda: c.human_to_move() is not None, timeout=10000)
    assert c.game.answers and not c.bot_error


def test_a_bot_that_raises_while_thinking_keeps_the_game(window, qtbot, monkeypatch):
    window.start(dict(TWO, seats=seats(("Bob", "greedy"), "Ann"), first_player="as seated"))
    c = window.controller
    before, bot = c.session.to_json(), c.session.bots[0]
    real, calls = type(bot).choose, []

    def choose(self, view, dec):   # in the bot's thread
        if not calls:
            calls.append(1)
            raise ZeroDivisionError("the bot divided by zero")
        return real(self, view, dec)
    monkeypatch.setattr(type(bot), "choose", choose)
    qtbot.waitUntil(lambda: "ZeroDivisionError: the bot divided by zero" in window.notice.text(), timeout=5000)
    assert c.session.to_json() == before and "Skip bots tries again" in window.status.text()
    c.skip_bots()
    qtbot.waitUntil(lambda: c.human_to_move() is not None, timeout=10000)
    assert c.game.answers and not c.bot_error


# ---------------------------------------------------------------------------- names
@pytest.mark.parametrize("name", ["   ", "Ann\x1b[31m", "x" * 10_000, "Ann\udcff"],
                         ids=["blank", "control", "huge", "not-utf8"])
def test_bad_seat_names_are_refused_where_they_are_entered(qtbot, window, name):
    with pytest.raises(SetupError, match="seat 1: a name"):   # a rematch, or a setup from the settings
        window.controller.start(dict(TWO, seats=seats(name, ("Bob", "greedy"))))
    assert window.controller.session is None
    dialog = SetupDialog(window.settings, dict(TWO, seats=seats(name, ("Bob", "greedy"))))   # a preset, say
    qtbot.addWidget(dialog)
    shown = dialog.setup()["seats"][0]["name"]
    if dialog.start_button.isEnabled():   # the name field cannot hold it: what it shows is what plays
        assert shown != name and validate_name(shown) == shown
    else:
        assert dialog.error.text().startswith("Seat 1: a name") or dialog.error.text() == "Every seat needs a name."


def test_the_dialog_refuses_a_typed_control_character(qtbot, window):
    dialog = SetupDialog(window.settings, TWO)
    qtbot.addWidget(dialog)
    dialog.seat_rows[0].name.setText("Ann\tLee")
    assert not dialog.start_button.isEnabled()
    assert dialog.error.text() == "Seat 1: a name can hold only visible characters (it holds U+0009 at position 4)."


# ---------------------------------------------------------------------------- left-behind files
def test_temporary_files_left_by_a_crash_are_removed_at_the_next_start(qtbot, monkeypatch):
    data, config = storage.data_dir(), storage.config_dir()
    for folder in (data, config):
        folder.mkdir(parents=True, exist_ok=True)
    # what write_text_atomic leaves when the program dies between writing and renaming
    with monkeypatch.context() as m:
        m.setattr(storage.os, "replace", lambda *a: (_ for _ in ()).throw(OSError("power cut")))
        m.setattr(storage.Path, "unlink", lambda self, missing_ok=False: None)
        with pytest.raises(OSError):
            storage.write_text_atomic(storage.autosave_path(), "{}")
    stale_autosave = next(data.glob("autosave.json*.tmp"))
    stale_settings = config / "desktop.jsonab_cd123.tmp"
    fresh = data / "autosave.jsonzz_yy987.tmp"
    not_ours = [data / "notes.tmp", config / "desktop.json.tmp", data / "autosave.jsonab.tmp"]
    for p in [stale_settings, fresh, *not_ours]:
        p.write_text("x")
    an_hour_ago = time.time() - 3600
    for p in [stale_autosave, stale_settings, *not_ours]:
        os.utime(p, (an_hour_ago, an_hour_ago))
    window = start_desktop(monkeypatch)
    qtbot.addWidget(window)
    assert not stale_autosave.exists() and not stale_settings.exists()
    assert fresh.exists() and all(p.exists() for p in not_ours)


# ---------------------------------------------------------------------------- closing with an autosave that failed
@pytest.fixture
def disk_full(monkeypatch):
    """Every autosave write fails as on a full disk; ``room()`` gives the disk room again."""
    real = storage.write_text_atomic
    state = {"full": True}

    def write(path, *a, **k):
        if state["full"] and path == storage.autosave_path():
            raise OSError(28, "No space left on device")
        return real(path, *a, **k)
    monkeypatch.setattr(storage, "write_text_atomic", write)
    return lambda: state.update(full=False)


def started_and_moved(window):
    window.start(TWO)
    window.controller.answer(0)
    assert window.controller.autosave_error == "Autosave failed: the disk is full"
    return window.controller.session.to_json()


def test_closing_a_game_the_autosave_could_not_keep_asks_and_stay_keeps_it(window, disk_full):
    asked = []
    window.ask_unsaved = lambda error: asked.append(error) or "stay"
    game = started_and_moved(window)
    assert not window.close() and window.isVisible()              # the window stays, the game on it
    assert asked == [window.controller.autosave_error] and window.controller.session.to_json() == game


def test_closing_a_game_the_autosave_could_not_keep_can_save_it_to_a_file_first(window, disk_full, tmp_path):
    window.ask_unsaved = lambda error: "save"
    window.ask_save_path = lambda suggested: str(tmp_path / "kept.json")
    game = started_and_moved(window)
    assert window.close()
    assert storage.read_session(tmp_path / "kept.json").to_json() == game


def test_closing_and_cancelling_the_save_dialog_stays(window, disk_full):
    window.ask_unsaved = lambda error: "save"
    window.ask_save_path = lambda suggested: ""
    started_and_moved(window)
    assert not window.close() and window.isVisible()
    window.ask_unsaved = lambda error: "close"                    # let the fixture's teardown close it


def test_closing_without_saving_records_the_game_as_abandoned(qtbot, tmp_path, disk_full):
    from clicker import recording_window
    from sqlmodel import Session as DbSession, select

    from ascension.ui.history.db import open_history
    from ascension.ui.history.models import Match
    db = tmp_path / "history.sqlite3"
    w = recording_window(qtbot, db)
    w.ask_unsaved = lambda error: "close"
    started_and_moved(w)
    assert w.close()
    w.controller.finish_recording()   # (it goes in from its file off the window's thread)
    with DbSession(open_history(db).engine) as s:
        assert [m.status for m in s.exec(select(Match)).all()] == ["abandoned"]


def test_closing_asks_nothing_once_the_autosave_works_again(window, disk_full):
    window.ask_unsaved = lambda error: pytest.fail("asked, though the autosave could keep the game")
    game = started_and_moved(window)
    disk_full()                                                   # room again: closing autosaves first
    assert window.close() and json.loads(storage.autosave_path().read_text()) == json.loads(game)


# ---------------------------------------------------------------------------- a sound save that needs what is missing
def needing(change) -> bytes:
    d = json.loads(Session.start(["10th"], [Seat("Ann"), Seat("Bob", "bot", "greedy")], ["legendary"],
                                 seed=3).to_json())
    change(d["game"]["setup"])
    return json.dumps(d).encode()


@pytest.mark.parametrize("text, missing", [
    (needing(lambda s: s.update(variants=["chess"])), "unknown variant 'chess'"),
    (needing(lambda s: s["plugins"].update(gone="2.0")), "played with plugin(s) 'gone' 2.0, not installed here"),
], ids=["variant", "plugin"])
def test_a_sound_save_that_needs_what_is_not_installed_is_not_called_damaged(tmp_path, text, missing):
    path = tmp_path / "game.json"
    path.write_bytes(text)
    with pytest.raises(SaveFileError) as exc:
        storage.read_session(path)
    assert "the saved game is sound" in str(exc.value) and missing in str(exc.value)
    assert "not a valid saved game" not in str(exc.value) and path.read_bytes() == text


# Sound saves that need what this installation lacks: kept whole, out of the new game's way.
NOT_USABLE_HERE = {
    "bot-not-installed": tampered(lambda d: d["seats"][1].update(bot="clever")),
    "set-not-installed": tampered(lambda d: d["game"]["setup"].update(sets=["nope"])),
    "variant-not-installed": needing(lambda s: s.update(variants=["chess"])),
    "plugin-not-installed": needing(lambda s: s["plugins"].update(gone="2.0")),
}


@pytest.mark.parametrize("content", NOT_USABLE_HERE.values(), ids=NOT_USABLE_HERE.keys())
def test_an_autosave_that_needs_what_is_not_installed_is_put_on_hold_whole_not_called_damaged(
        qtbot, monkeypatch, content):
    path = storage.autosave_path()
    window = started_with(qtbot, monkeypatch, path, content)
    held = list((path.parent / "on-hold").iterdir())
    assert len(held) == 1 and held[0].name.startswith("autosave-") and held[0].read_bytes() == content
    assert not list(path.parent.glob("*.bad-*")) and not path.exists()
    text = window.notice.text()
    assert text.startswith("The autosaved game cannot be resumed here now: the saved game is sound, but it needs ")
    assert str(held[0]) in text and str(path) not in text.replace(str(held[0]), "")   # named once: where it is now
    assert "not installed" in text and "not a valid" not in text
    window.start(TWO)   # the new game's autosave does not touch the game on hold
    assert json.loads(path.read_text())["game"]["state"]["turn"] == 1 and held[0].read_bytes() == content
    window.close()
    again = start_desktop(monkeypatch)   # still not installed: it stays on hold, and nothing is said twice
    qtbot.addWidget(again)
    assert held[0].read_bytes() == content and again.controller.session.to_json() == window.controller.session.to_json()
    assert not again.notice.isVisible()


def test_an_autosave_unreadable_for_now_is_put_on_hold_and_offered_again_once_it_can_be_read(qtbot, monkeypatch):
    path = storage.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    saved = Session.start(["10th"], [Seat("Ann"), Seat("Bob", "bot", "greedy")], seed=7)
    saved.answer(0)
    path.write_text(saved.to_json())
    read = storage.read_save_text

    def locked(p):
        raise PermissionError(13, "Permission denied", str(p))
    monkeypatch.setattr(storage, "read_save_text", locked)
    window = start_desktop(monkeypatch)
    qtbot.addWidget(window)
    held = list((path.parent / "on-hold").iterdir())
    assert len(held) == 1 and json.loads(held[0].read_text()) == json.loads(saved.to_json())
    assert "cannot be read now" in window.notice.text() and window.controller.session is None
    assert not list(path.parent.glob("*.bad-*"))
    window.close()

    monkeypatch.setattr(storage, "read_save_text", read)   # readable again (the lock is gone)
    asked = []
    monkeypatch.setattr(MainWindow, "confirm", lambda self, title, text, **_: asked.append(text) or True)
    monkeypatch.setattr(QApplication, "exec", lambda self: 0)
    monkeypatch.setattr(SetupDialog, "exec", lambda self: SetupDialog.Rejected)
    assert app.main([]) == 0
    again = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()
                 and w is not window)
    qtbot.addWidget(again)
    assert asked and asked[0].startswith("A game put on hold at an earlier start (Ann, Bob, turn 1) can be resumed")
    assert again.controller.session.game.answers == saved.game.answers
    assert not held[0].exists() and json.loads(path.read_text())["game"]["answers"] == saved.game.answers


def test_a_failed_autosave_is_said_in_full_once_above_the_table_and_named_in_the_status_line(window, disk_full):
    window.ask_unsaved = lambda error: "close"          # (the fixture's teardown closes the window)
    started_and_moved(window)
    window.controller.answer(0)                          # a second failure: not said again
    error = window.controller.autosave_error
    assert window.notice.isVisible() and window.notice.messages == [error]
    window.refresh()
    assert "not autosaved" in window.status.text() and "the disk is full" not in window.status.text()
    assert error in window.status.toolTip()


# ---------------------------------------------------------------------------- a second start
HOLDER = """
import sys
from pathlib import Path
from PySide6.QtCore import QCoreApplication, QTimer
from ascension.ui.desktop.instance import Instance
app = QCoreApplication([])
instance = Instance(Path(sys.argv[1]))
assert instance.claim()
if sys.argv[2] == "answers":
    instance.listen(lambda: (print("woken", flush=True), app.quit()))
print("holding", flush=True)
QTimer.singleShot(20_000, app.quit)
app.exec()
"""


def holder(answers: bool):
    """Another desktop program holding the data folder (one that answers a second start, or one
    that is stuck and does not)."""
    import subprocess
    import sys
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(storage.autosave_path().parent),
                             "answers" if answers else "silent"], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "holding"
    return proc


def test_a_second_start_brings_the_open_program_to_the_front_and_touches_nothing(monkeypatch):
    path = storage.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(valid_session()))
    before = path.read_bytes()
    other = holder(answers=True)
    try:
        monkeypatch.setattr(QApplication, "exec", lambda self: pytest.fail("a second program ran"))
        windows = set(QApplication.topLevelWidgets()) if QApplication.instance() else set()
        assert app.main([]) == 0
        assert other.stdout.readline().strip() == "woken"
        assert not [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w not in windows]
        assert path.read_bytes() == before
    finally:
        other.kill()
        other.wait()


def test_a_second_start_beside_a_program_that_does_not_answer_says_so_and_stops(monkeypatch, no_modal_dialogs):
    other = holder(answers=False)
    try:
        monkeypatch.setattr(QApplication, "exec", lambda self: pytest.fail("a second program ran"))
        assert app.main([]) == 1
        [(title, text)] = no_modal_dialogs
        assert title == "Already open" and f"(process {other.pid})" in text and "Close it first" in text
    finally:
        other.kill()
        other.wait()


def test_a_folder_where_the_lock_file_belongs_is_named_at_start(monkeypatch, no_modal_dialogs):
    lock = storage.autosave_path().parent / "desktop.lock"
    lock.mkdir(parents=True)
    monkeypatch.setattr(QApplication, "exec", lambda self: pytest.fail("the program ran"))
    assert app.main([]) == 1
    [(title, text)] = no_modal_dialogs
    assert title == "Cannot start" and text.startswith(f"Ascension Table cannot start: {lock} is a folder where")
    assert "process ?" not in text and lock.is_dir()


def test_the_folder_of_a_program_that_was_killed_is_taken_over(qtbot, monkeypatch):
    other = holder(answers=True)
    other.kill()     # kill -9: its lock file stays behind
    other.wait()
    assert (storage.autosave_path().parent / "desktop.lock").exists()
    window = start_desktop(monkeypatch)
    qtbot.addWidget(window)
    assert window.instance is not None and window.isVisible()


@pytest.mark.parametrize("content", [b"", b"\0" * 64, b"not a process id\n"])
def test_a_lock_file_naming_no_process_left_by_a_power_cut_is_taken_over(qtbot, monkeypatch, content):
    """An empty or garbled lock file (the power went as it was written) locked the player out
    for good: every start said the program was open ("process ?")."""
    lock = storage.autosave_path().parent / "desktop.lock"
    lock.parent.mkdir(parents=True, exist_ok=True)
    lock.write_bytes(content)
    an_hour_ago = time.time() - 3600
    os.utime(lock, (an_hour_ago, an_hour_ago))
    window = start_desktop(monkeypatch)
    qtbot.addWidget(window)
    assert window.instance is not None and window.isVisible()


def test_a_lock_left_by_a_killed_program_whose_process_id_went_to_another_program_is_taken_over(tmp_path):
    """The killed terminal's or desktop's process id, given since to another Python program: Qt
    takes a live Python for the holder, and both front ends refused to start while it ran."""
    import subprocess
    import sys
    ours = Instance(tmp_path)
    assert ours.claim()
    written = (tmp_path / "desktop.lock").read_bytes()
    ours.lock.unlock()
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])   # not ours, alive
    try:
        pid, rest = written.split(b"\n", 1)
        (tmp_path / "desktop.lock").write_bytes(str(other.pid).encode() + b"\n" + rest)   # as the killed one left it
        again = Instance(tmp_path)
        assert again.claim()
        again.release()
    finally:
        other.kill()
        other.wait()


def test_a_lock_held_by_another_of_ours_is_still_held(tmp_path):
    import subprocess
    import sys
    holder = subprocess.Popen([sys.executable, "-c", (
        "import sys, time; from pathlib import Path; from ascension.ui.desktop.instance import Instance; "
        "i = Instance(Path(sys.argv[1])); assert i.claim(); print('holding', flush=True); time.sleep(20)"),
        str(tmp_path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "holding"
        assert not Instance(tmp_path).claim()
    finally:
        holder.kill()
        holder.wait()


def test_a_lock_file_naming_no_process_yet_is_left_to_the_program_writing_it(tmp_path):
    """A moment old, it may be another start's, about to write its process id: not taken."""
    (tmp_path / "desktop.lock").write_bytes(b"")
    assert not Instance(tmp_path).claim() and (tmp_path / "desktop.lock").exists()


def test_a_data_folder_that_cannot_be_made_still_opens_the_table_and_closing_asks_to_save(qtbot, monkeypatch):
    """A file where the data folder would be (or a read-only disk): no lock file and no autosave
    can be made there. The program starts (it ended in a traceback), says the autosave fails
    once a game begins, and closing asks where to save the game."""
    blocked = storage.autosave_path().parent
    blocked.parent.mkdir(parents=True, exist_ok=True)
    blocked.write_text("a file of the player's")
    window = start_desktop(monkeypatch)
    qtbot.addWidget(window)
    asked = []
    window.ask_unsaved = lambda error: asked.append(error) or "close"
    window.start(TWO)
    window.controller.answer(0)
    assert window.controller.autosave_error.startswith("Autosave failed: ") and "Autosave failed" in window.notice.text()
    assert window.close() and asked == [window.controller.autosave_error]
    assert blocked.read_text() == "a file of the player's"


def test_closing_the_window_lets_the_next_start_open_at_once(qtbot, monkeypatch):
    first = start_desktop(monkeypatch)
    qtbot.addWidget(first)
    first.close()
    again = start_desktop(monkeypatch)
    qtbot.addWidget(again)
    assert again is not first and again.instance is not None


# ---------------------------------------------------------------------------- the settings file
BAD_SETTINGS = {
    **damaged_json(storage.MAX_SETTINGS_BYTES),
    "seats-not-a-list": b'{"last": {"seats": 5}}',
    "a-name-not-text": b'{"last": {"seats": [{"name": 5}]}}',
    "sets-not-a-list": b'{"last": {"sets": 5, "seats": []}}',
    "last-a-list": b'{"last": [1]}',
    "presets-not-a-dict": b'{"presets": "x"}',
    "honor-pool-too-large": b'{"last": {"honor_pool": 100000000000000000000, "seats": []}}',
    "honor-pool-beyond-the-dialog": b'{"last": {"honor_pool": 100000, "seats": []}}',   # (it showed 999 instead)
    "speed-a-number": b'{"speed": 7}',
    "window-a-number": b'{"window": 5}',
}


@pytest.mark.parametrize("content", BAD_SETTINGS.values(), ids=BAD_SETTINGS.keys())
def test_a_damaged_settings_file_is_set_aside_with_a_notice_and_the_program_starts(qtbot, monkeypatch, content):
    path = storage.settings_path()
    window = started_with(qtbot, monkeypatch, path, content)
    [aside] = path.parent.glob("desktop.json.bad-*")
    assert aside.read_bytes() == content
    assert window.notice.text().startswith(f"Your settings {path} ") and str(aside) in window.notice.text()
    dialog = SetupDialog(window.settings)   # the New game window opens with what was kept
    qtbot.addWidget(dialog)
    window.start(TWO)
    assert window.stack.currentWidget() is window.play_page


@pytest.mark.parametrize("content, words", [
    (b'{"a": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "lists or objects nested too deeply"),
    (b'{"speed": ' + b"9" * 5000 + b"}", "a number of more than 4300 digits"),
])
def test_a_damaged_settings_file_is_said_in_a_players_words(qtbot, monkeypatch, content, words):
    """It said "RecursionError: maximum recursion depth exceeded…" and "… use
    sys.set_int_max_str_digits() to increase the limit"."""
    window = started_with(qtbot, monkeypatch, storage.settings_path(), content)
    assert f"are damaged ({words});" in window.notice.text()


def test_a_bot_speed_the_program_does_not_know_is_normal_and_shown_so(qtbot, monkeypatch):
    """"speed": "warp" (a slip, or a newer version's) showed Instant while the bots played at normal speed."""
    path = storage.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"speed": "warp"}))
    window = start_desktop(monkeypatch)
    qtbot.addWidget(window)
    assert window.controller.speed == "normal" and window.speed_box.currentData() == "normal"


def test_what_can_be_used_of_a_settings_file_is_kept(qtbot, monkeypatch):
    path = storage.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    good = {"seats": seats("Ann", ("Bob", "greedy")), "sets": ["cotg"], "variants": [], "honor_pool": None}
    path.write_text(json.dumps({"presets": {"friday": good, "broken": 5}, "speed": "fast"}))
    window = start_desktop(monkeypatch)
    qtbot.addWidget(window)
    assert "presets.broken" in window.notice.text() and "the rest of it is used" in window.notice.text()
    assert set(window.settings.presets) == {"friday"} and window.settings.speed == "fast"
    window.settings.save()
    assert json.loads(path.read_text())["presets"]["friday"]["sets"] == ["cotg"]


def test_two_programs_sharing_the_settings_keep_each_others_changes():
    """Two desktops of two data folders share one settings file. Each wrote its own copy whole
    at every change and when closed: a preset saved in one was gone once the other closed."""
    friday = {"seats": seats("Ann", ("Bob", "greedy")), "sets": ["cotg"], "variants": [], "honor_pool": None}
    first, second = storage.Settings(), storage.Settings()   # both open
    first.save_preset("friday", friday)
    second.set("window", "AAAA")                              # the other closes
    second.speed = "fast"
    saved = json.loads(storage.settings_path().read_text())
    assert saved["presets"] == {"friday": friday} and (saved["window"], saved["speed"]) == ("AAAA", "fast")
    second.delete_preset("friday")                            # deleted in one: not brought back by the other
    first.language = "de"
    saved = json.loads(storage.settings_path().read_text())
    assert saved["presets"] == {} and (saved["speed"], saved["language"]) == ("fast", "de")
    assert storage.Settings().presets == {} and not first.presets


def test_a_settings_file_with_a_byte_order_mark_is_read(qtbot, monkeypatch):
    """Saved by an editor with a byte-order mark, it was called damaged and set aside (presets and all)."""
    path = storage.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"speed": "fast", "presets": {"friday": {"sets": ["cotg"]}}}).encode())
    settings = storage.Settings()
    assert not settings.problem and settings.speed == "fast" and set(settings.presets) == {"friday"}
    assert not list(path.parent.glob("*.bad-*"))


def test_a_settings_file_that_cannot_be_read_now_is_left_as_it_is_and_not_written_over(qtbot, monkeypatch,
                                                                                         unreadable):
    path = storage.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"presets": {"friday": {"sets": ["cotg"]}}}))
    before = path.read_bytes()
    unreadable.add(path)
    window = start_desktop(monkeypatch)
    qtbot.addWidget(window)
    assert "cannot be read now" in window.notice.text() and not list(path.parent.glob("*.bad-*"))
    window.settings.speed = "fast"   # saved as usual: not over the file that could not be read
    window.close()
    assert path.read_bytes() == before


def test_settings_that_cannot_be_saved_are_said_once_above_the_table_and_last_the_session(qtbot, monkeypatch):
    real, path = storage.write_text_atomic, storage.settings_path()

    def disk_full_for_settings(target, *a, **k):
        if target == path:
            raise OSError(28, "No space left on device", str(target))
        return real(target, *a, **k)
    monkeypatch.setattr(storage, "write_text_atomic", disk_full_for_settings)
    window = start_desktop(monkeypatch)
    qtbot.addWidget(window)
    assert not window.notice.isVisible()     # nothing to say before anything is changed
    window.speed_box.setCurrentIndex(window.speed_box.findData("fast"))
    window.speed_box.setCurrentIndex(window.speed_box.findData("slow"))
    assert window.notice.text() == (f"Your settings cannot be saved to {path} (the disk is full): changes last "
                                    "until you close the program.")   # once, not at every change
    assert window.settings.speed == "slow" and not path.exists()


def test_every_unusable_value_of_a_settings_file_is_dropped_at_once_and_the_rest_kept(qtbot, monkeypatch):
    good = {"sets": ["cotg"], "seats": [{"name": "Ann"}]}
    content = json.dumps({"presets": {"a": 5, "friday": good, "b": {"sets": 7}}, "speed": 9, "last": good}).encode()
    window = started_with(qtbot, monkeypatch, storage.settings_path(), content)
    assert set(window.settings.presets) == {"friday"} and window.settings.speed == "normal"
    assert window.settings.last["sets"] == ["cotg"]
    assert window.notice.text().count("Your settings") == 1


def test_an_autosave_that_cannot_be_put_on_hold_stays_where_it_is_and_the_notice_says_so(qtbot, monkeypatch):
    def read_only(path):
        raise PermissionError(13, "Permission denied", str(path.parent / "on-hold"))
    monkeypatch.setattr(storage, "put_on_hold", read_only)
    content = NOT_USABLE_HERE["plugin-not-installed"]
    window = started_with(qtbot, monkeypatch, storage.autosave_path(), content)
    assert "could not be moved out of the new game's way either" in window.notice.text()
    assert storage.autosave_path().read_bytes() == content and not list(storage.autosave_path().parent.glob("*.bad-*"))
    asked = []
    window.ask_unsaved = lambda error: asked.append(error) or "close"
    window.start(TWO)                                       # a new game is not autosaved over it, ...
    window.controller.answer(0)
    assert storage.autosave_path().read_bytes() == content
    assert "still holds the earlier game" in window.notice.text()
    assert window.close() and "still holds the earlier game" in asked[0]   # ... so closing asks to save it


@pytest.mark.parametrize("kind", ["damaged", "not-usable-here"])
def test_a_new_game_goes_on_autosaving_once_the_player_moves_the_stuck_autosave_away(qtbot, monkeypatch, kind):
    def refused(path):
        raise PermissionError(13, "Permission denied", str(path))
    monkeypatch.setattr(storage, "set_aside", refused)
    monkeypatch.setattr(storage, "put_on_hold", refused)
    content = BAD_SAVES["truncated"] if kind == "damaged" else NOT_USABLE_HERE["plugin-not-installed"]
    path = storage.autosave_path()
    window = started_with(qtbot, monkeypatch, path, content)
    window.start(TWO)
    assert path.read_bytes() == content and window.controller.autosave_error
    path.rename(path.with_name("mine.json"))               # the player moves it by hand
    window.controller.answer(0)
    assert json.loads(path.read_text())["game"]["answers"] == [0] and not window.controller.autosave_error


def test_the_open_window_comes_back_from_the_taskbar_when_the_program_is_started_again(qtbot, monkeypatch):
    from ascension.ui.desktop.instance import Instance
    window = start_desktop(monkeypatch)
    qtbot.addWidget(window)
    window.setWindowState(Qt.WindowMinimized)
    second = Instance(storage.autosave_path().parent)
    assert not second.claim() and second.holder() == os.getpid()
    assert second.wake_holder()
    qtbot.waitUntil(lambda: not window.windowState() & Qt.WindowMinimized, timeout=3000)


FAILS_LATER = '''
from ascension.core.hookspecs import hookimpl
from ascension.core.plugins import PluginInfo
PLUGIN = PluginInfo(name="later", variant="later", summary="fails when told to")
FAIL = False

@hookimpl
def asc_extra_actions(game, seat):
    if FAIL:
        raise RuntimeError("extra actions broke")
    return None
'''


@pytest.mark.qt_no_exception_capture
def test_a_plugin_failing_while_the_table_is_drawn_is_named_in_the_window(qtbot, monkeypatch, installed_package):
    """The exception went to the terminal the desktop was started from (often none) and the table
    silently stopped answering; the player now reads which plugin failed, and the move made is
    in the autosave."""
    import importlib

    from clicker import actionable_cards, recording_window
    installed_package("later", {"__init__.py": FAILS_LATER})
    w = recording_window(qtbot)
    monkeypatch.setattr("sys.excepthook", w.unexpected)   # as ascension-desktop's main() sets it
    w.start(dict(TWO, variants=["later"]))
    importlib.import_module("asc_later").FAIL = True
    qtbot.mouseClick(actionable_cards(w)[0], Qt.LeftButton)   # a card played: the next decision fails
    assert "Something went wrong: plugin 'later' failed in asc_extra_actions: RuntimeError: extra actions " \
           "broke" in w.notice.text()
    saved = json.loads(storage.autosave_path().read_text())
    assert saved["game"]["answers"] == w.controller.game.answers and w.controller.game.answers


WILD_BOT = '''
from ascension.core.bots import Bot
from ascension.core.hookspecs import hookimpl
from ascension.core.plugins import BotKind, PluginInfo
PLUGIN = PluginInfo(name="wild", summary="a bot whose model file is gone")

class Wild(Bot):
    def choose(self, view, decision):
        raise RuntimeError("its model fell out")

@hookimpl
def asc_bots():
    return [BotKind("wild", Wild, "fails")]
'''


def test_a_plugins_bot_that_fails_is_named_in_the_window_and_the_game_kept(qtbot, installed_package):
    from clicker import recording_window
    installed_package("wild", {"__init__.py": WILD_BOT})
    w = recording_window(qtbot)
    w.start(dict(TWO, seats=seats(("Bob", "wild"), "Ann")))
    qtbot.waitUntil(lambda: w.controller.bot_error != "", timeout=10000)
    assert w.controller.bot_error == "The bot 'wild' failed: RuntimeError: its model fell out (Skip bots tries again)"
    assert "The bot 'wild' failed" in w.notice.text() and w.controller.game.answers == []


@pytest.mark.parametrize("part", ["board", "winners"])
def test_a_save_whose_track_board_or_result_cannot_be_worked_out_is_refused_before_it_is_shown(tmp_path, monkeypatch,
                                                                                                  part):
    """The table draws the Legendary Track's board and, at the end, who won: a state that made
    them fail was loaded first, the player's game given up, and then the table failed."""
    from ascension.plugins.legendary import track
    session = Session.start(["10th"], [Seat("Ann"), Seat("Bob", "bot", "easy")], ["legendary"], seed=3)
    if part == "winners":
        session.game.finish()
    path = tmp_path / "game.json"
    path.write_text(session.to_json())
    assert storage.read_session(path).game.turn == session.game.turn   # (sound: it loads)

    def fails(*a):
        raise KeyError("void")
    monkeypatch.setattr(track, "board", fails) if part == "board" else monkeypatch.setattr(Game, "winners", fails)
    with pytest.raises(SaveFileError, match="game.json"):
        storage.read_session(path)
