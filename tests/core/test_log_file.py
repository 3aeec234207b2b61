"""The program's log: what went wrong is kept with its traceback in a file for a bug report,
while the person at the table reads one plain line (a warning), or the front end's own words
and no traceback (a failed move); a log file that cannot be written never stops the program."""
from __future__ import annotations

import logging
import os

from ascension.core.engine import Game
from ascension.core.folders import data_dir
from ascension.ui import logs, terminal
from ascension.ui.cli import main

SEED = 1   # the person plays first, five Apprentices in hand; P plays them all


def test_a_failed_move_shows_no_traceback_at_the_table_and_keeps_it_in_the_log_file(tmp_path, monkeypatch, capsys):
    logs.start()
    real_apply, failures = Game.apply, []

    def fail_once(game, index):
        if not failures:
            failures.append(index)
            raise RuntimeError("a hook blew up")
        real_apply(game, index)
    monkeypatch.setattr(Game, "apply", fail_once)
    answers, lines = iter(["P", "q", "y"]), []
    terminal.play(seed=SEED, input_fn=lambda prompt: next(answers), out=lines.append,
                  autosave=tmp_path / "autosave.json")
    assert any(line.startswith("That move could not be made") and "a hook blew up" in line for line in lines)
    assert "Traceback" not in capsys.readouterr().err
    kept = logs.log_path().read_text(encoding="utf-8")
    assert "ERROR ascension.ui.moves" in kept and "Traceback" in kept and "RuntimeError: a hook blew up" in kept


def test_a_warning_is_one_plain_line_on_the_console_and_a_dated_line_in_the_log_file(capsys):
    logs.start()
    logs.start()   # (a second start replaces the first: the line is not printed twice)
    logging.getLogger("ascension.core.plugins").warning("plugin 'boom' (boom) was not loaded: RuntimeError: kaboom")
    assert capsys.readouterr().err == "plugin 'boom' (boom) was not loaded: RuntimeError: kaboom\n"
    line, = logs.log_path().read_text(encoding="utf-8").splitlines()
    assert line.endswith(f"WARNING ascension.core.plugins [{os.getpid()}]: plugin 'boom' (boom) was not loaded: "
                         "RuntimeError: kaboom") and line[:4].isdigit()


def test_what_went_on_is_logged_in_the_file_only(capsys):
    logs.start()
    logging.getLogger("ascension.ui.history.db").info("history migrated from schema 3 to 4")
    assert capsys.readouterr().err == ""
    assert "INFO ascension.ui.history.db" in logs.log_path().read_text(encoding="utf-8")


def test_the_log_file_is_made_only_when_there_is_something_to_log(capsys):
    assert main(["sets"]) == 0
    assert not (data_dir() / "logs").exists()
    assert main(["simulate", "--games", "1", "--seed", "1", "--record"]) == 0   # the history made, then opened
    assert main(["simulate", "--games", "1", "--seed", "2", "--record"]) == 0
    assert not (data_dir() / "logs").exists()   # (alembic's "Context impl SQLiteImpl" made it at every start)


def test_a_log_file_that_cannot_be_written_is_given_up_with_one_line_and_the_program_goes_on(capsys):
    data_dir().mkdir(parents=True)
    (data_dir() / "logs").write_text("a file where the log folder should be")
    logs.start()
    problem = logging.getLogger("ascension.ui.desktop.storage")
    problem.error("the first problem", exc_info=RuntimeError("first"))
    problem.warning("the second problem")
    err = capsys.readouterr().err
    assert err.splitlines() == [
        f"The log file {logs.log_path()} cannot be written (a file of that name is in the way: {data_dir() / 'logs'}); "
        "the program goes on without it.",
        "the second problem"]
    assert (data_dir() / "logs").read_text() == "a file where the log folder should be"


def test_a_full_disk_stops_the_log_file_not_the_program(capsys):
    logs.start()
    logging.getLogger("ascension").warning("kept")
    capsys.readouterr()

    class FullDisk:
        def write(self, text):
            raise OSError(28, "No space left on device")

        def seek(self, *args):
            return 0

        def tell(self):
            return 0

        def flush(self):
            pass

        def close(self):
            pass
    file, = (h for h in logging.getLogger().handlers if isinstance(h, logs._LogFile))
    file.stream.close()
    file.stream = FullDisk()
    logging.getLogger("ascension").warning("lost one")
    logging.getLogger("ascension").warning("lost two")
    assert capsys.readouterr().err.splitlines() == [
        f"The log file {logs.log_path()} cannot be written (the disk is full); the program goes on without it.",
        "lost one", "lost two"]
    assert logs.log_path().read_text(encoding="utf-8").splitlines()[0].endswith("kept")
