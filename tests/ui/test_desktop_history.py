"""The desktop records every finished game in the match history (and keeps abandoned ones apart),
and opens the History window."""
import pytest
from PySide6.QtCore import Qt
from sqlmodel import Session as DbSession, select

from ascension.ui.desktop import storage
from ascension.ui.history.db import open_history
from ascension.ui.history.models import Match, MatchReplay
from clicker import play_to_the_end, recording_window, seats


def _matches(db):
    with DbSession(open_history(db).engine) as s:
        return s.exec(select(Match)).all()


def duel(seed: int, honor_pool: int | None = None) -> dict:
    return {"seats": seats("Ann", ("Bob", "greedy")), "sets": ["10th"], "variants": [], "seed": seed,
            "honor_pool": honor_pool}


def begun(qtbot, db, seed: int, honor_pool: int | None = None):
    """A window recording into ``db`` with a game of ``seed`` on it, one answer given."""
    w = recording_window(qtbot, db)
    w.start(duel(seed, honor_pool))
    w.controller.answer(0)
    return w


def test_a_finished_desktop_game_is_recorded_once(qtbot, tmp_path):
    db = tmp_path / "history.sqlite3"
    w = recording_window(qtbot, db)
    w.start({"seats": seats("Ann", ("Bob", "greedy")), "sets": ["10th"], "variants": [], "seed": 5,
             "honor_pool": 8})
    play_to_the_end(w, qtbot)
    game = w.controller.game
    w.controller._changed()  # another repaint after the end must not store the game twice
    rows = _matches(db)
    assert len(rows) == 1 and rows[0].status == "finished" and rows[0].seed == game.seed


def test_leaving_an_unfinished_game_records_it_as_abandoned(qtbot, tmp_path):
    db = tmp_path / "history.sqlite3"
    w = begun(qtbot, db, 6)
    w.start(duel(7))
    w.controller.finish_recording()   # (it goes in off the window's thread)
    rows = _matches(db)
    assert [r.status for r in rows] == ["abandoned"]


def test_a_game_left_for_a_new_one_goes_into_the_history_off_the_windows_thread(qtbot, tmp_path, monkeypatch,
                                                                             quick_busy, locked):
    """It was recorded on the window's thread: with the history locked by another program the
    window froze (up to 10 s) as the new game started. Now it is whole in a file of its own before
    the new game takes the autosave, and goes in from there, later if the history is held."""
    import json
    import threading
    from ascension.ui.history import recording
    db = tmp_path / "history.sqlite3"
    w = begun(qtbot, db, 6)
    assert _matches(db) == []
    lock = locked(db, "writers")
    on_the_windows_thread = []
    real = recording.record_game

    def record_game(session, record):
        on_the_windows_thread.append(threading.current_thread() is threading.main_thread())
        return real(session, record)
    monkeypatch.setattr(recording, "record_game", record_game)
    w.start(duel(7, honor_pool=8))
    kept = recording.kept_for(db)
    assert [json.loads(k.read_text())["record"]["seed"] for k in kept] == [6]
    assert storage.read_session(storage.autosave_path()).game.seed == 7
    w.controller.finish_recording()   # the history is held: the game left waits in its file, and nothing is said
    assert recording.kept_for(db) == kept and w.controller.history_error == ""
    lock.release()
    assert _matches(db) == []
    play_to_the_end(w, qtbot)         # the next record takes it in
    assert sorted((r.status, r.seed) for r in _matches(db)) == [("abandoned", 6), ("finished", 7)]
    assert recording.kept_for(db) == [] and True not in on_the_windows_thread


def test_a_game_left_for_a_new_one_whose_file_cannot_be_written_is_recorded_at_once(qtbot, tmp_path, monkeypatch):
    """No room for its file of its own (before the new game takes the autosave): recorded then
    and there, as before, not lost."""
    from ascension.ui.history import recording

    def no_room(record, db=None):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(recording, "keep", no_room)
    db = tmp_path / "history.sqlite3"
    w = begun(qtbot, db, 6)
    answers = list(w.controller.game.answers)
    w.start(duel(7))
    with DbSession(open_history(db).engine) as s:
        [row] = s.exec(select(Match)).all()
        assert (row.status, row.seed, s.get(MatchReplay, row.id).answers) == ("abandoned", 6, answers)


def test_a_game_left_for_a_new_one_that_no_record_can_be_made_of_is_saved_whole_once(qtbot, tmp_path, monkeypatch):
    from ascension.ui.history import recording
    db = tmp_path / "history.sqlite3"
    w = begun(qtbot, db, 6)
    answers = list(w.controller.game.answers)

    def broken(*args, **kwargs):   # as a plugin failing while the scores are read
        raise RuntimeError("asc_extra_scores broke")
    monkeypatch.setattr(recording, "match_record", broken)
    w.start(duel(7))
    w.controller.finish_recording()
    [saved] = storage.saves_dir().glob("unrecorded-*.json")
    assert storage.read_session(saved).game.answers == answers and str(saved) in w.notice.text()
    assert recording.kept_for(db) == [] and storage.read_session(storage.autosave_path()).game.seed == 7


def test_a_game_left_after_its_last_autosaves_failed_leaves_no_earlier_position_to_resume(qtbot, tmp_path,
                                                                                           monkeypatch):
    """The disk was full for its last moves: the autosave still held it as it stood before, and at
    the next start that position was offered as the game in progress (declined, its record took
    the place of the longer one in the history)."""
    from ascension.ui.history.models import MatchReplay
    db = tmp_path / "history.sqlite3"
    w = begun(qtbot, db, 5)
    w.controller.answer(0)
    disk_full(monkeypatch)
    for _ in range(4):
        w.controller.answer(0)
    answers = list(w.controller.game.answers)
    w.start(duel(7))                                # its autosave fails too
    w.controller.finish_recording()
    assert not storage.autosave_path().exists()
    w.ask_unsaved = lambda error: "close"
    assert w.close()
    again = recording_window(qtbot, db)
    assert not again.offer_resume()
    [row] = _matches(db)
    with DbSession(open_history(db).engine) as s:
        assert (row.status, s.get(MatchReplay, row.id).answers) == ("abandoned", answers)


@pytest.mark.parametrize("slot", ["autosave", "terminal-autosave"])
def test_a_game_on_hold_the_player_loads_leaves_the_on_hold_folder_and_is_recorded_once(qtbot, tmp_path, slot):
    """It stayed on hold once loaded and finished: offered again at the next start (the
    terminal's at the terminal's), and recorded a second time (as abandoned, or as another
    finished game)."""
    from ascension.core.session import Seat, Session
    db = tmp_path / "history.sqlite3"
    held = Session.start(["10th"], [Seat("Ann"), Seat("Bob", "bot", "greedy")], [], 5, 8)
    held.answer(0)
    held_file = storage.autosave_path().parent / "on-hold" / f"{slot}-20250101-120000.json"
    held_file.parent.mkdir(parents=True)
    held_file.write_text(held.to_json())
    w = recording_window(qtbot, db)
    assert w.load_path(str(held_file))
    assert not held_file.exists() and storage.read_session(storage.autosave_path()).game.seed == 5
    play_to_the_end(w, qtbot)
    w.close()
    again = recording_window(qtbot, db)
    assert not again.offer_resume()
    assert [(r.status, r.seed) for r in _matches(db)] == [("finished", 5)]


@pytest.mark.parametrize("name", ["autosave.json", "terminal-autosave.json", "on-hold/autosave-20250101-120000.json",
                                  "unrecorded/game.json"])
def test_saving_where_the_program_keeps_a_game_on_its_own_is_refused(qtbot, tmp_path, monkeypatch, name):
    """Save to the autosave's own path said "Saved as …/autosave.json", and the next game wrote
    over it (or it was removed once the game was in the history)."""
    from PySide6.QtWidgets import QMessageBox
    warned = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: warned.append(text))
    w = begun(qtbot, tmp_path / "history.sqlite3", 5)
    target = storage.autosave_path().parent / name
    w.ask_save_path = lambda suggested: str(target)
    assert not w.save_game()
    assert warned and warned[0].startswith(f"{target} is where the program keeps a game on its own")
    assert storage.read_session(storage.autosave_path()).game.seed == 5 and not any(
        p.name == "game.json" for p in storage.autosave_path().parent.rglob("*.json"))


def test_a_game_left_for_the_tutorial_stays_resumable_and_is_recorded_when_a_new_game_replaces_it(qtbot, tmp_path):
    db = tmp_path / "history.sqlite3"
    w = begun(qtbot, db, 6)
    left = w.controller.session.to_json()
    w.start_tutorial(ask=False)
    assert _matches(db) == [] and storage.autosave_path().read_text() == left   # still there to resume
    w.start(duel(7))
    w.controller.finish_recording()
    assert [(r.status, r.seed) for r in _matches(db)] == [("abandoned", 6)]


def test_a_saved_game_not_resumed_is_recorded_as_abandoned_once_a_new_game_replaces_it(qtbot, tmp_path):
    db = tmp_path / "history.sqlite3"
    first = begun(qtbot, db, 6)
    answers = list(first.controller.game.answers)
    first.close()                                  # the game stays in the autosave, not in the history
    assert _matches(db) == []
    again = recording_window(qtbot, db)
    asked = []
    again.confirm = lambda title, text, **_: asked.append(text) and False      # "Resume?" no
    assert not again.offer_resume() and _matches(db) == []
    assert asked[0].endswith("If not, it stays saved until you start or load another game, and then goes into the "
                             "history as abandoned.")   # (what "no" means was left unsaid)
    again.start(duel(8))
    again.controller.finish_recording()
    rows = _matches(db)
    assert [(r.status, r.seed) for r in rows] == [("abandoned", 6)]
    with DbSession(open_history(db).engine) as s:
        assert s.get(MatchReplay, rows[0].id).answers == answers   # the game as it was left


def test_a_saved_game_resumed_and_finished_is_recorded_once_as_finished(qtbot, tmp_path):
    db = tmp_path / "history.sqlite3"
    first = begun(qtbot, db, 5, honor_pool=8)
    first.close()
    again = recording_window(qtbot, db)
    assert again.offer_resume()
    play_to_the_end(again, qtbot)
    assert [(r.status, r.seed) for r in _matches(db)] == [("finished", 5)]


def test_a_game_saved_to_a_file_replaced_then_loaded_and_finished_is_one_finished_game(qtbot, tmp_path):
    db, file = tmp_path / "history.sqlite3", tmp_path / "monday.json"
    w = begun(qtbot, db, 5, honor_pool=8)
    w.ask_save_path = lambda suggested: str(file)
    assert w.save_game()
    w.start(duel(7))                                # the saved game leaves the table: abandoned for now
    w.controller.finish_recording()
    assert [(r.status, r.seed) for r in _matches(db)] == [("abandoned", 5)]
    assert w.load_path(str(file))                   # and comes back (the game of seed 7 is left unbegun)
    play_to_the_end(w, qtbot)
    assert [(r.status, r.seed) for r in _matches(db)] == [("finished", 5)]


def test_a_game_the_history_cannot_take_is_kept_and_the_window_says_where(qtbot, tmp_path, monkeypatch):
    from ascension.ui.history import recording
    from ascension.ui.history.db import HistoryBusyError
    db = tmp_path / "history.sqlite3"
    real = recording.record_game

    def busy(session, record):
        raise HistoryBusyError(str(db))
    monkeypatch.setattr(recording, "record_game", busy)
    w = recording_window(qtbot, db)
    w.start(duel(5, honor_pool=8))
    play_to_the_end(w, qtbot)
    error = w.controller.history_error
    assert "in use by another program" in error and "The game is kept in " in error and _matches(db) == []
    assert error in w.notice.text() and w.notice.isVisible()
    monkeypatch.setattr(recording, "record_game", real)
    w.start(duel(6, honor_pool=8))
    play_to_the_end(w, qtbot)                      # the next game takes the kept one in with it
    assert sorted(m.seed for m in _matches(db)) == [5, 6] and w.controller.history_error == ""


def test_history_window_opens_from_the_table(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("ASCENSION_HISTORY_DB", str(tmp_path / "h.sqlite3"))
    w = recording_window(qtbot, tmp_path / "h.sqlite3")
    w.history_action.trigger()
    assert w.history_window.isVisible()
    w.history_window.close()


def test_the_history_player_is_kept_in_the_settings(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("ASCENSION_HISTORY_DB", str(tmp_path / "h.sqlite3"))
    w = recording_window(qtbot, tmp_path / "h.sqlite3")
    w.history_action.trigger()
    w.history_window._player_changed("Zoe")
    w.history_window.close()
    assert storage.Settings().data["history_player"] == "Zoe"
    w.history_action.trigger()
    assert w.history_window.player == "Zoe"
    w.history_window.close()


def test_the_end_screen_opens_the_game_just_played_in_the_history(qtbot, tmp_path, monkeypatch):
    db = tmp_path / "h.sqlite3"
    monkeypatch.setenv("ASCENSION_HISTORY_DB", str(db))
    w = recording_window(qtbot, db)
    w.start({"seats": seats("Ann", ("Bob", "greedy")), "sets": ["10th"], "variants": [], "seed": 5,
             "honor_pool": 8})
    play_to_the_end(w, qtbot)
    button = w.end_page.replay_button
    assert button.isVisible()
    qtbot.mouseClick(button, Qt.LeftButton)
    page = w.history_window.match_page
    assert w.history_window.tabs.currentWidget() is page
    assert page.detail.id == _matches(db)[0].id and page.detail.seed == w.controller.game.seed
    assert len(page.viewer.steps) == len(w.controller.game.answers) + 1
    w.history_window.close()


# ---------------------------------------------------------------------------- a finished game nothing took yet
def disk_full(monkeypatch):
    """No file can be written: the autosave fails from now on."""
    monkeypatch.setattr(storage, "write_text_atomic", lambda *a, **k: (_ for _ in ()).throw(
        OSError(28, "No space left on device")))


def test_a_finished_game_stays_in_its_autosave_until_the_history_has_it_and_goes_in_at_the_next_start(
        qtbot, tmp_path, unrecordable):
    """The autosave was removed as the game ended, before its record was tried: with the history
    locked and no room for a file, the finished game was gone."""
    db = tmp_path / "history.sqlite3"
    w = recording_window(qtbot, db)
    w.start(duel(5, honor_pool=8))
    play_to_the_end(w, qtbot)
    held = storage.read_session(storage.autosave_path())
    assert held.over and held.game.answers == w.controller.game.answers and _matches(db) == []
    assert "in use by another program" in w.notice.text() and w.notice.text().endswith(
        "try again. The game stays in its autosave and goes into the history when you start another game, or at "
        "the next start.")
    assert "not recorded in the history" in w.status.text()   # (it was repainted before the record was tried)
    w.close()
    unrecordable()   # mended
    again = recording_window(qtbot, db)
    assert not again.offer_resume()   # nothing to resume: it goes into the history, and the window says so
    assert [(r.status, r.seed) for r in _matches(db)] == [("finished", 5)]
    assert "is now recorded in the history" in again.notice.text() and not storage.autosave_path().exists()


def test_a_finished_game_the_history_cannot_take_at_the_next_start_either_goes_among_the_saved_games(
        qtbot, tmp_path, unrecordable):
    db = tmp_path / "history.sqlite3"
    w = recording_window(qtbot, db)
    w.start(duel(5, honor_pool=8))
    play_to_the_end(w, qtbot)
    answers = list(w.controller.game.answers)
    w.close()
    again = recording_window(qtbot, db)
    assert not again.offer_resume()
    moved = list(storage.saves_dir().glob("unrecorded-*.json"))
    assert len(moved) == 1 and storage.read_session(moved[0]).game.answers == answers
    assert not storage.autosave_path().exists() and str(moved[0]) in again.notice.text()   # out of the new game's way


@pytest.mark.parametrize("button", ["rematch_button", "again_button"])
def test_the_end_screens_rematch_and_play_again_ask_before_giving_up_a_game_nothing_keeps(
        qtbot, tmp_path, monkeypatch, unrecordable, button):
    """They replaced it unasked, as New game never did: no autosave, no record, no file: gone."""
    db = tmp_path / "history.sqlite3"
    w = recording_window(qtbot, db)
    w.start(duel(5, honor_pool=8))
    disk_full(monkeypatch)
    play_to_the_end(w, qtbot)
    answers = list(w.controller.game.answers)
    asked = []
    w.ask_leave = lambda title, text: asked.append(text) or "stay"
    qtbot.mouseClick(getattr(w.end_page, button), Qt.LeftButton)
    assert asked == ["Start another game? The current one will be lost unless you save it first."]
    assert w.controller.game.answers == answers and w.stack.currentWidget() is w.end_page
    w.ask_unsaved = lambda error: "close"   # (let the fixture close the window)


def test_the_autosave_holds_the_finished_game_while_it_is_recorded(qtbot, tmp_path, monkeypatch):
    """Recording may wait 10 s for a locked history; a player who kills the window meanwhile lost
    the game (its autosave already removed)."""
    db = tmp_path / "history.sqlite3"
    w = recording_window(qtbot, db)
    seen = []
    real = w.controller.recorder

    def recorder(session, **when):
        seen.append(storage.read_session(storage.autosave_path()).game.answers == session.game.answers)
        return real(session, **when)
    w.controller.recorder = recorder
    w.start(duel(5, honor_pool=8))
    play_to_the_end(w, qtbot)
    assert seen == [True] and not storage.autosave_path().exists() and len(_matches(db)) == 1


def test_a_finished_game_neither_recorded_nor_autosaved_is_offered_to_be_saved_before_closing(
        qtbot, tmp_path, monkeypatch, unrecordable):
    db = tmp_path / "history.sqlite3"
    w = recording_window(qtbot, db)
    w.start(duel(5, honor_pool=8))
    disk_full(monkeypatch)
    play_to_the_end(w, qtbot)
    asked = []
    w.ask_unsaved = lambda error: asked.append(error) or "stay"
    assert not w.close() and asked and "in use by another program" in asked[0]
    w.ask_unsaved = lambda error: "close"
    assert w.close()


def test_the_game_a_tutorial_left_is_offered_to_be_saved_when_its_autosave_failed(qtbot, tmp_path, monkeypatch):
    """The tutorial said the game stayed in its autosave, which had failed; closing then asked
    nothing and the game was gone."""
    db = tmp_path / "history.sqlite3"
    disk_full(monkeypatch)
    w = begun(qtbot, db, 6)
    real = w.controller.session
    said = []
    w.ask_leave = lambda title, text: said.append(text) or "leave"
    w.start_tutorial()
    assert said and "is not saved" in said[0] and w.controller.practising
    saved = []
    w.ask_unsaved = lambda error: "save"
    w._save_to_file = lambda session: saved.append(session) or True
    assert w.close() and saved == [real]


def test_a_finished_game_loaded_again_from_its_save_is_recorded_once(qtbot, tmp_path):
    db, file = tmp_path / "history.sqlite3", tmp_path / "over.json"
    w = recording_window(qtbot, db)
    w.start(duel(5, honor_pool=8))
    play_to_the_end(w, qtbot)
    w.ask_save_path = lambda suggested: str(file)
    assert w.save_game()
    assert w.load_path(str(file)) and w.load_path(str(file))
    assert [(r.status, r.seed) for r in _matches(db)] == [("finished", 5)]


def test_a_finished_game_nothing_took_goes_in_or_among_the_saved_games_when_another_game_starts(
        qtbot, tmp_path, unrecordable):
    """Its autosave would be written over by the next game's: the history is tried again, and
    while it still cannot take the game, the autosave goes among the saved games first."""
    db = tmp_path / "history.sqlite3"
    w = recording_window(qtbot, db)
    w.start(duel(5, honor_pool=8))
    play_to_the_end(w, qtbot)
    answers = list(w.controller.game.answers)
    w.start(duel(6))
    [moved] = storage.saves_dir().glob("unrecorded-*.json")
    assert storage.read_session(moved).game.answers == answers and str(moved) in w.notice.text()
    assert storage.read_session(storage.autosave_path()).game.seed == 6   # the new game's own autosave
    unrecordable()   # mended: the game loaded from there goes in, once
    assert w.load_path(str(moved))
    assert [(r.status, r.seed) for r in _matches(db)] == [("finished", 5)]


# ---------------------------------------------------------------------------- the record is made meanwhile
def held_recorder(w):
    """The window's recorder, held back until ``release`` is set: a history another program
    keeps locked for a while (SQLite waits up to 10 s for it)."""
    import threading
    release, started = threading.Event(), threading.Event()
    real = w.controller.recorder

    def recorder(session, **when):
        started.set()
        assert release.wait(20), "the test never let the record go on"
        return real(session, **when)
    w.controller.recorder = recorder
    return started, release


def finished_while_recorded(qtbot, tmp_path, before_the_game=lambda: None):
    """A window whose game of seed 5 just ended, its record held back (see :func:`held_recorder`):
    the window, its history and the event that lets the record go on."""
    db = tmp_path / "history.sqlite3"
    w = recording_window(qtbot, db)
    started, release = held_recorder(w)
    before_the_game()
    w.start(duel(5, honor_pool=8))
    play_to_the_end(w, qtbot, recorded=False)
    assert started.wait(5)
    return w, db, release


def test_the_window_goes_on_while_a_locked_history_keeps_the_record_of_a_finished_game_waiting(qtbot, tmp_path):
    """The record was made on the window's thread: with the history locked by another program
    the whole window froze (up to 10 s) as the game ended."""
    w, db, release = finished_while_recorded(qtbot, tmp_path)
    try:
        assert w.controller.recording
        assert w.stack.currentWidget() is w.end_page and not w.end_page.replay_button.isVisible()
        assert "going into the history" in w.status.text()
        assert storage.read_session(storage.autosave_path()).over   # the autosave holds it meanwhile
        w.history_action.trigger()   # the window answers meanwhile
        assert w.history_window.isVisible()
        w.history_window.close()
    finally:
        release.set()
    qtbot.waitUntil(lambda: not w.controller.recording, timeout=20000)
    assert [(r.status, r.seed) for r in _matches(db)] == [("finished", 5)]
    assert w.end_page.replay_button.isVisible() and "history" not in w.status.text()
    assert not storage.autosave_path().exists()


def test_a_new_game_started_while_the_last_one_is_recorded_waits_for_its_record(qtbot, tmp_path):
    """The autosave holds the finished game until its record is made: the next game's autosave
    must not take its place before that, nor may the game be recorded twice."""
    import threading
    w, db, release = finished_while_recorded(qtbot, tmp_path)
    threading.Timer(0.3, release.set).start()   # the other program lets go of the history
    w.start(duel(6))
    assert [(r.status, r.seed) for r in _matches(db)] == [("finished", 5)] and w.controller.history_error == ""
    assert storage.read_session(storage.autosave_path()).game.seed == 6
    assert not list(storage.saves_dir().glob("unrecorded-*.json"))


def test_closing_while_a_finished_game_is_recorded_loses_nothing(qtbot, tmp_path):
    """The window closes at once; the record may never be made (the program ends): the autosave
    still holds the game, and the next start records it, once."""
    w, db, release = finished_while_recorded(qtbot, tmp_path)
    try:
        assert w.close()
        again = recording_window(qtbot, db)
        assert not again.offer_resume()
        assert [(r.status, r.seed) for r in _matches(db)] == [("finished", 5)]
        assert not storage.autosave_path().exists()
    finally:
        release.set()   # the first window's record goes on after all: still one game
    qtbot.waitUntil(lambda: not w.controller.recording, timeout=20000)
    assert [(r.status, r.seed) for r in _matches(db)] == [("finished", 5)]


def test_an_open_history_window_shows_the_game_just_played(qtbot, tmp_path, monkeypatch):
    db = tmp_path / "h.sqlite3"
    monkeypatch.setenv("ASCENSION_HISTORY_DB", str(db))
    w = recording_window(qtbot, db)
    w.history_action.trigger()
    assert w.history_window.model.rowCount() == 0
    w.start(duel(5, honor_pool=8))
    play_to_the_end(w, qtbot)
    opponents = w.history_window.filters.opponent
    assert w.history_window.model.rowCount() == 1
    assert "Ann" in [opponents.itemText(i) for i in range(opponents.count())]   # the filters know the new names
    w.history_window.close()


def test_closing_with_a_failed_autosave_waits_for_the_record_under_way_and_asks_nothing_once_it_is_in(
        qtbot, tmp_path, monkeypatch):
    """Nothing but the record holds the game then: closing waits for it, and the game being in the
    history, there is nothing to save."""
    import threading
    w, db, release = finished_while_recorded(qtbot, tmp_path, before_the_game=lambda: disk_full(monkeypatch))
    asked = []
    w.ask_unsaved = lambda error: asked.append(error) or "stay"
    threading.Timer(0.3, release.set).start()   # the other program lets go of the history
    assert w.close() and asked == []
    assert [(r.status, r.seed) for r in _matches(db)] == [("finished", 5)]

