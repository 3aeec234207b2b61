"""The terminal game never throws a game away: q asks first, the game is autosaved and offered
again, an answer that is not a label shown is asked again, a move that fails leaves the game
as it was, and a bad name is refused before the game starts."""
from __future__ import annotations

import errno
import io
import json
from contextlib import contextmanager

import pytest

from ascension.core.engine import Game
from ascension.core.names import BadName, validate_name
from ascension.ui import terminal
from ascension.ui.cli import main
from ascension.ui.desktop import storage
from ascension.ui.history import open_history, repo
from ascension.ui.history.repo import MatchFilter

SEED = 1   # the person plays first, five Apprentices in hand; P plays them all


def scripted(answers, repeat_last=False):
    """An input_fn giving ``answers`` in turn; then the input closes (EOF), or the last repeats."""
    answers = list(answers)
    asked = []

    def input_fn(prompt):
        asked.append(prompt)
        if not answers:
            raise EOFError
        return answers.pop(0) if len(answers) > 1 or not repeat_last else answers[0]
    input_fn.asked = asked
    return input_fn


def play(answers, repeat_last=False, **kw):
    lines: list[str] = []
    kw.setdefault("seed", SEED)
    input_fn = scripted(answers, repeat_last)
    game = terminal.play(input_fn=input_fn, out=lines.append, **kw)
    return game, lines, input_fn.asked


def abandoned_games(db) -> int:
    h = open_history(db)
    try:
        with h.session() as s:
            return repo.count_matches(s, MatchFilter(status="abandoned"))
    finally:
        h.close()


# ---------------------------------------------------------------------------- q asks first
def test_q_asks_and_n_goes_on(tmp_path):
    game, lines, asked = play(["q", "n", "P", "q", "y"])
    assert asked[1].startswith("Leave the game?") and game.answers == [1]   # "P" (play all) was played after "n"
    assert lines[-1].startswith("You left the game")


def test_q_then_y_quits_and_records_the_game_as_abandoned(tmp_path):
    db = tmp_path / "history.sqlite3"
    game, lines, asked = play(["P", "q", "y"], db=db)
    assert game.answers == [1] and not game.over
    assert any(line.startswith("Abandoned game recorded in the history") for line in lines)
    assert abandoned_games(db) == 1


# ---------------------------------------------------------------------------- autosave and resume
def test_the_game_is_autosaved_after_each_answer_and_resumed(tmp_path):
    path = tmp_path / "terminal-autosave.json"
    first, _, _ = play(["P", "q", "y"], autosave=path)
    saved = json.loads(path.read_text())
    assert saved["game"]["answers"] == first.answers == [1]
    again, lines, asked = play(["y", "q", "y"], autosave=path)
    assert asked[0].startswith("An unfinished game was saved (Player against Greedy bot, turn 1)")
    assert any(line.startswith("Resuming the game of seed 1") for line in lines)
    assert again.answers == [1] and again.players[0].played      # where it stood: the Apprentices played


def test_resume_declined_or_new_starts_a_new_game(tmp_path):
    path = tmp_path / "terminal-autosave.json"
    play(["P", "q", "y"], autosave=path)
    declined, _, asked = play(["n", "q", "y"], autosave=path)
    assert asked[0].startswith("An unfinished game was saved") and declined.answers == []
    play(["P", "q", "y"], autosave=path)
    fresh, _, asked = play(["q", "y"], autosave=path, new=True)
    assert not asked[0].startswith("An unfinished") and fresh.answers == []


def test_only_n_gives_the_saved_game_up_a_slip_asks_again_and_closed_input_changes_nothing(tmp_path):
    """Enter, a typo or the input closing at "Resume it?" started a new game in the saved one's
    place (with --no-record, the saved game was then recorded nowhere)."""
    path = tmp_path / "terminal-autosave.json"
    play(["P", "q", "y"], autosave=path)
    before = path.read_bytes()
    kept, lines, asked = play([], autosave=path)          # the input closes at the question
    assert len(asked) == 1 and kept.answers == [1] and path.read_bytes() == before
    assert lines[-1] == "Nothing was changed: the saved game stays, to resume at the next start."
    again, _, asked = play(["", "yy", "q", "y", "q", "y"], autosave=path)   # slips: asked again, then y
    assert [a.startswith("An unfinished game was saved") for a in asked[:4]] == [True] * 4
    assert again.answers == [1]


# ---------------------------------------------------------------------------- the history: each game once
def history_rows(db) -> list[tuple[str, list[int]]]:
    h = open_history(db)
    try:
        with h.session() as s:
            rows = repo.list_matches(s, MatchFilter(status="all"))
            return [(r.status, repo.get_match(s, r.id).answers) for r in rows]
    finally:
        h.close()


def test_a_game_left_saved_then_resumed_and_finished_is_recorded_once_as_finished(tmp_path, first_label):
    path, db = tmp_path / "terminal-autosave.json", tmp_path / "history.sqlite3"
    left, lines, _ = play(["P", "q", "y"], autosave=path, db=db, seed=3)
    assert lines[-1].startswith("You left the game. It is saved") and history_rows(db) == []
    lines = []
    resume_then_play = first_label(lines)
    game = terminal.play(seed=3, input_fn=lambda q: "y" if q.startswith("An unfinished") else resume_then_play(q),
                         out=lines.append, autosave=path, db=db)
    assert game.over and game.answers[:len(left.answers)] == left.answers   # the same game, resumed
    assert history_rows(db) == [("finished", game.answers)]


def test_a_saved_game_not_resumed_is_recorded_as_abandoned_when_the_new_game_replaces_it(tmp_path):
    path, db = tmp_path / "terminal-autosave.json", tmp_path / "history.sqlite3"
    play(["P", "q", "y"], autosave=path, db=db)
    declined, lines, _ = play(["n", "q", "y"], autosave=path, db=db)
    assert any(line.startswith("The saved game you did not resume is recorded in the history as abandoned")
               for line in lines)
    assert history_rows(db) == [("abandoned", [1])] and declined.answers == []
    play(["q", "y"], autosave=path, db=db)   # the new game, not begun, was not recorded: offered, declined
    assert history_rows(db) == [("abandoned", [1])]


def test_a_new_game_holds_the_autosave_from_its_first_moment(tmp_path, monkeypatch):
    """Ctrl-C while the bot makes the new game's first move: the autosave holds the new game,
    not the saved one just recorded as abandoned (which would be offered, and recorded, again)."""
    path, db = tmp_path / "terminal-autosave.json", tmp_path / "history.sqlite3"
    play(["P", "q", "y"], autosave=path, db=db)                # seed 1: the person moves first

    def interrupted(session, *a):
        raise KeyboardInterrupt
    monkeypatch.setattr(terminal.Session, "step_bot", interrupted)
    with pytest.raises(KeyboardInterrupt):
        play(["n"], autosave=path, db=db, seed=2)              # seed 2: the bot moves first
    saved = json.loads(path.read_text())
    assert saved["game"]["setup"]["seed"] == 2 and saved["game"]["answers"] == []
    assert history_rows(db) == [("abandoned", [1])]


def test_new_records_the_saved_game_it_replaces_as_abandoned(tmp_path):
    path, db = tmp_path / "terminal-autosave.json", tmp_path / "history.sqlite3"
    play(["P", "q", "y"], autosave=path, db=db)
    play(["q", "y"], autosave=path, db=db, new=True)
    assert history_rows(db) == [("abandoned", [1])]


def test_a_game_whose_autosave_fails_is_recorded_as_abandoned_when_left(tmp_path, monkeypatch):
    path, db = tmp_path / "terminal-autosave.json", tmp_path / "history.sqlite3"

    def disk_full(*a, **k):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(storage, "write_text_atomic", disk_full)
    game, lines, asked = play(["P", "q", "y", ""], autosave=path, db=db)   # Enter: leave it unsaved
    assert any(line.startswith("The game could not be saved to") for line in lines)
    assert asked[-2].startswith("Leave the game? (y/n)")            # not "It stays saved"
    assert asked[-1].startswith("The game is not saved (the disk is full)") and "--load" in asked[-1]
    assert any(line.startswith("You left the game. Seed") for line in lines)
    assert history_rows(db) == [("abandoned", [1])]


def failing_autosave(monkeypatch, path):
    """Writing ``path`` (the autosave) fails as on a full disk; other files are written."""
    write = storage.write_text_atomic

    def only_elsewhere(target, text, durable=True):
        if target == path:
            raise OSError(errno.ENOSPC, "No space left on device")
        write(target, text, durable)
    monkeypatch.setattr(storage, "write_text_atomic", only_elsewhere)


def test_leaving_a_game_whose_autosave_fails_offers_a_file_and_load_goes_on_from_it(tmp_path, monkeypatch):
    path, db = tmp_path / "terminal-autosave.json", tmp_path / "history.sqlite3"
    failing_autosave(monkeypatch, path)
    (tmp_path / "a-file").write_text("")                              # not a folder: that save fails
    game, lines, asked = play(["P", "q", "y", str(tmp_path / "a-file" / "x"), str(tmp_path / "mine")], autosave=path,
                              db=db)
    assert asked[-1].startswith(f"The game is not saved (it could not be saved to {tmp_path / 'a-file' / 'x.json'}: ")
    kept = tmp_path / "mine.json"                                     # .json added, as the desktop's Save does
    assert json.loads(kept.read_text())["game"]["answers"] == [1] == game.answers
    assert lines[-1] == (f"You left the game. It is saved in {kept}: resume it with 'ascension play --load {kept}'. "
                         "Seed 1 deals the same game again.")
    assert history_rows(db) == []                                     # kept: not given up

    monkeypatch.undo()
    game, lines, asked = play(["E", "y", "q", "y"], load=kept, autosave=path, db=db)   # end the turn, leave again
    assert lines[0] == f"Resuming the game of seed 1 at turn 1 from {kept}, where it is kept after every answer."
    assert game.answers[0] == 1 and game.turn == 3                    # it went on: the bot's turn, then the person's
    assert json.loads(kept.read_text())["game"]["answers"] == game.answers and not path.exists()
    assert lines[-1].startswith(f"You left the game. It is saved in {kept}") and history_rows(db) == []


def test_the_file_offered_for_a_game_whose_autosave_fails_replaces_another_only_if_the_person_says_so(
        tmp_path, monkeypatch):
    path = tmp_path / "terminal-autosave.json"
    failing_autosave(monkeypatch, path)
    other = tmp_path / "thesis.json"
    other.write_text("four years of work")
    game, lines, asked = play(["P", "q", "y", str(other), "n", str(other), "y"], autosave=path)
    assert asked[4] == f"{other} already exists. Replace it with this game? (y/n): "
    assert asked[5].startswith("The game is not saved") and asked[6] == asked[4]   # asked for a file again
    assert json.loads(other.read_text())["game"]["answers"] == [1]                  # then replaced, as asked


def test_a_loaded_game_played_to_its_end_stays_in_its_file_and_is_recorded_once(tmp_path, first_label):
    path, db = tmp_path / "terminal-autosave.json", tmp_path / "history.sqlite3"
    play(["P", "q", "y"], autosave=path, db=db)
    kept = tmp_path / "mine.json"
    path.replace(kept)
    lines: list[str] = []
    game = terminal.play(input_fn=first_label(lines), out=lines.append, load=kept, autosave=path, db=db)
    assert game.over and json.loads(kept.read_text())["game"]["answers"] == game.answers and not path.exists()
    assert [status for status, __ in history_rows(db)] == ["finished"]


def test_a_load_file_that_holds_no_game_to_go_on_with_is_named_and_left_as_it_is(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"format": 1, "seats": [')
    assert main(["play", "--load", str(bad), "--no-record"]) == 2
    assert str(bad) in capsys.readouterr().err and bad.read_bytes() == b'{"format": 1, "seats": ['
    assert not list(tmp_path.glob("*.bad-*"))


@pytest.mark.parametrize("autosaved", [True, False], ids=["autosaved", "no-autosave"])
def test_ctrl_c_says_whether_the_game_is_kept_and_records_it_only_if_nothing_keeps_it(tmp_path, autosaved):
    path, db = (tmp_path / "terminal-autosave.json") if autosaved else None, tmp_path / "history.sqlite3"
    answers, lines = iter(["P"]), []

    def input_fn(prompt):
        for answer in answers:
            return answer
        raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):
        terminal.play(seed=SEED, input_fn=input_fn, out=lines.append, autosave=path, db=db)
    if autosaved:
        assert lines[-1] == "\nYou left the game. It is saved: play again to resume it. Seed 1 deals the same game again."
        assert json.loads(path.read_text())["game"]["answers"] == [1] and history_rows(db) == []
    else:
        assert lines[-2] == "\nYou left the game. Seed 1 deals the same game again."
        assert lines[-1].startswith("Abandoned game recorded") and history_rows(db) == [("abandoned", [1])]


def test_a_finished_game_leaves_no_autosave(tmp_path, first_label):
    path, lines = tmp_path / "terminal-autosave.json", []
    game = terminal.play(seed=3, input_fn=first_label(lines), out=lines.append, autosave=path)
    assert game.over and not path.exists()


def test_a_finished_game_whose_last_autosaves_failed_leaves_no_earlier_position_behind(tmp_path, first_label,
                                                                                        monkeypatch):
    """The disk filled midway: the autosave kept the game as it stood then, and once the game was
    over and in the history that position was offered at the next start, and recorded again."""
    path, db, lines = tmp_path / "terminal-autosave.json", tmp_path / "history.sqlite3", []
    write, writes = storage.write_text_atomic, []

    def full_after_three(target, text, durable=True):
        writes.append(target)
        if len(writes) > 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        write(target, text, durable)
    monkeypatch.setattr(storage, "write_text_atomic", full_after_three)
    game = terminal.play(seed=3, input_fn=first_label(lines), out=lines.append, autosave=path, db=db)
    assert game.over and history_rows(db) == [("finished", game.answers)]
    assert not path.exists()


def test_a_damaged_terminal_autosave_is_set_aside_and_a_new_game_starts(tmp_path):
    path = tmp_path / "terminal-autosave.json"
    path.write_bytes(b'{"format": 1, "seats": [')
    game, lines, asked = play(["q", "y"], autosave=path)
    assert not asked[0].startswith("An unfinished")
    notice = next(line for line in lines if line.startswith("The autosaved game could not be resumed"))
    aside = list(tmp_path.glob("terminal-autosave.json.bad-*"))
    assert len(aside) == 1 and str(aside[0]) in notice and aside[0].read_bytes() == b'{"format": 1, "seats": ['
    assert json.loads(path.read_text())["game"]["answers"] == []   # the new game is autosaved


def test_a_terminal_autosave_that_needs_a_plugin_not_installed_is_put_on_hold_whole(tmp_path):
    path = tmp_path / "terminal-autosave.json"
    play(["P", "q", "y"], autosave=path)               # a game left after one answer
    sound = json.loads(path.read_text())
    sound["game"]["setup"]["plugins"]["gone"] = "2.0"  # played with a plugin uninstalled since
    content = json.dumps(sound)
    path.write_text(content)
    game, lines, asked = play(["q", "y"], autosave=path)
    assert not asked[0].startswith("An unfinished")
    notice = next(line for line in lines if line.startswith("The autosaved game cannot be resumed here now"))
    held = list((tmp_path / "on-hold").iterdir())
    assert len(held) == 1 and held[0].read_text() == content and str(held[0]) in notice
    assert "'gone' 2.0, not installed here" in notice and not list(tmp_path.glob("*.bad-*"))
    assert json.loads(path.read_text())["game"]["answers"] == []   # the new game has an autosave of its own
    path.unlink()
    game, lines, asked = play(["q", "y"], autosave=path)   # still not installed: it waits, unmentioned
    assert not asked[0].startswith("An unfinished") and held[0].read_text() == content
    assert not any("cannot be resumed" in line for line in lines)


@pytest.mark.parametrize("where", ["session", "game"])
def test_a_terminal_autosave_from_a_newer_version_is_put_on_hold_not_set_aside_as_damaged(tmp_path, where):
    """It was set aside as damaged (``.bad-<time>``), never offered again, not even once the
    program was upgraded to the version that wrote it."""
    path = tmp_path / "terminal-autosave.json"
    play(["P", "q", "y"], autosave=path)
    newer = json.loads(path.read_text())
    (newer if where == "session" else newer["game"])["format"] = 99
    content = json.dumps(newer)
    path.write_text(content)
    game, lines, asked = play(["q", "y"], autosave=path)
    notice = next(line for line in lines if line.startswith("The autosaved game cannot be resumed here now"))
    assert "written by a newer version of Ascension Table (format 99" in notice
    held = list((tmp_path / "on-hold").iterdir())
    assert len(held) == 1 and held[0].read_text() == content and not list(tmp_path.glob("*.bad-*"))


def test_an_autosave_that_cannot_be_moved_out_of_the_way_is_never_saved_over(tmp_path):
    """A file named on-hold stands where the folder for games on hold would go: the game that
    cannot be resumed stays in the autosave, the new game is not saved over it (leaving offers
    a file), and once the player has moved it the autosave works again."""
    path = tmp_path / "terminal-autosave.json"
    play(["P", "q", "y"], autosave=path)
    sound = json.loads(path.read_text())
    sound["game"]["setup"]["plugins"]["gone"] = "2.0"
    content = json.dumps(sound)
    path.write_text(content)
    (tmp_path / "on-hold").write_text("")
    game, lines, asked = play(["P", "q", "y", str(tmp_path / "mine")], autosave=path)
    assert any("could not be moved out of the new game's way either" in line for line in lines)
    assert any(line.startswith(f"The game could not be saved to {path}: {path} still holds the earlier game")
               for line in lines)
    assert path.read_text() == content                                       # not saved over, not removed
    assert json.loads((tmp_path / "mine.json").read_text())["game"]["answers"] == [1] == game.answers
    path.rename(tmp_path / "moved-by-the-player.json")
    game, lines, asked = play(["P", "q", "y"], autosave=path)
    assert json.loads(path.read_text())["game"]["answers"] == [1]            # autosaved as usual again


def test_a_damaged_autosave_that_cannot_be_set_aside_is_never_saved_over(tmp_path, monkeypatch):
    path = tmp_path / "terminal-autosave.json"
    path.write_bytes(b'{"format": 1, "seats": [')

    def refused(target):
        raise PermissionError(13, "Permission denied", str(target))
    monkeypatch.setattr(storage, "set_aside", refused)
    game, lines, asked = play(["E", "y", "q", "y", ""], autosave=path)   # a turn (the bot's too), then leave
    assert any("it could not be set aside either" in line for line in lines)
    assert path.read_bytes() == b'{"format": 1, "seats": [' and game.turn == 3
    assert asked[-1].startswith("The game is not saved")                   # Enter: left unsaved, as asked


def test_eof_quits_and_keeps_the_autosave(tmp_path):
    path = tmp_path / "terminal-autosave.json"
    game, lines, _ = play(["P"], autosave=path)
    assert game.answers == [1] and lines[-1].startswith("You left the game. It is saved")
    assert json.loads(path.read_text())["game"]["answers"] == [1]


# ---------------------------------------------------------------------------- answers
def test_a_game_started_with_its_input_closed_is_left_saved_not_called_an_error(tmp_path):
    """``ascension play <&-``: Python's input() raised "lost sys.stdin", said as "an error in the
    program" (or a traceback at the resume question)."""
    import os
    import subprocess
    import sys
    env = {**os.environ, "ASCENSION_DATA_DIR": str(tmp_path / "data"), "ASCENSION_CONFIG_DIR": str(tmp_path / "cfg")}
    for expected in ("You left the game. It is saved: play again to resume it.",
                     "Nothing was changed: the saved game stays, to resume at the next start."):
        done = subprocess.run([sys.executable, "-m", "ascension.ui.cli", "play", "--no-record", "--seed", "1"],
                              preexec_fn=lambda: os.close(0), capture_output=True, text=True, env=env, timeout=60)
        assert done.returncode == 0 and "Error" not in done.stdout + done.stderr, done.stderr
        assert expected in done.stdout


@pytest.mark.parametrize("typed", ["²", "١", "5" * 5000, "", "   ", "1.0", "-1", "+1", "0x1", "\x1b[2J", "1 2",
                                   "2", "p 1", "p01", "pp", "a9", "ｐ１", "P E"],
                         ids=["superscript", "arabic-indic", "5000-digits", "empty", "spaces", "decimal",
                              "negative", "plus", "hex", "escape", "two-numbers", "old-number", "inner-space",
                              "leading-zero", "doubled", "no-such-slot", "full-width", "two-labels"])
def test_an_answer_that_is_not_a_label_shown_is_asked_again(typed):
    game, lines, asked = play([typed, "P", "q", "y"])
    assert game.answers == [1]   # the next valid answer was taken
    complaint = next(line for line in lines if "is not an option" in line)
    assert "please type one of the labels shown (p1, P, E)" in complaint and len(complaint) < 200
    assert "\x1b" not in complaint


# ---------------------------------------------------------------------------- a move that raises
def test_a_move_that_raises_keeps_the_game_and_asks_again(tmp_path, monkeypatch):
    path = tmp_path / "terminal-autosave.json"
    real_apply, failures = Game.apply, []

    def half_then_fail(game, index):   # the worst case: the state changed before the error
        real_apply(game, index)
        if not failures:
            failures.append(index)
            raise RuntimeError("a hook blew up")
    monkeypatch.setattr(Game, "apply", half_then_fail)
    snapshots = []
    real_answer = terminal.Session.answer

    def watch(session, index):
        snapshots.append(session.to_json())
        real_answer(session, index)
    monkeypatch.setattr(terminal.Session, "answer", watch)
    seen, answers = {}, iter(["P", "P", "q", "y"])   # play all (fails), play all again, quit

    def input_fn(prompt):
        if snapshots and "after" not in seen:   # asked again after the failed move
            seen["after"] = json.loads(path.read_text())
        return next(answers)
    lines: list[str] = []
    game = terminal.play(seed=SEED, input_fn=input_fn, out=lines.append, autosave=path)
    failed = next(line for line in lines if line.startswith("That move could not be made"))
    assert "RuntimeError: a hook blew up" in failed and "as it was before the move" in failed
    assert failures == [1] and game.answers == [1]           # asked again, and the same answer then worked
    assert snapshots[0] == snapshots[1]                       # byte-equal: nothing of the failed move stayed
    assert seen["after"]["game"]["answers"] == []             # the autosave never held the half move


def test_a_bot_move_that_raises_stops_the_game_saved_as_it_was(tmp_path, monkeypatch):
    path, db = tmp_path / "terminal-autosave.json", tmp_path / "history.sqlite3"

    def broken(session, *a):
        raise ValueError("the bot is broken")
    monkeypatch.setattr(terminal.Session, "step_bot", broken)
    answers = iter(["P", "E", "y"])   # play all, end the turn, sure: the bot's turn

    def input_fn(prompt):
        return next(answers)
    lines: list[str] = []
    game = terminal.play(seed=SEED, input_fn=input_fn, out=lines.append, autosave=path, db=db)
    assert any(line.startswith("That move could not be made") and "the bot is broken" in line for line in lines)
    saved = json.loads(path.read_text())
    assert saved["game"]["answers"] == game.answers and not game.over
    assert abandoned_games(db) == 0   # offered again at the next start: not given up


def test_a_second_terminal_game_beside_an_open_one_is_refused_and_its_autosave_kept(capsys, monkeypatch):
    real = terminal.play
    monkeypatch.setattr(terminal, "play", lambda **kw: real(input_fn=scripted(["P", "q", "y"]), **kw))
    assert main(["play", "--seed", "1", "--no-record"]) == 0        # a game left, kept in the autosave
    path = storage.terminal_autosave_path()
    before = path.read_bytes()
    with held_elsewhere(path.parent, "terminal") as holder:   # that game, open in another terminal
        capsys.readouterr()
        assert main(["play", "--seed", "2", "--new", "--no-record"]) == 2
        err = capsys.readouterr().err
        assert f"another program is open (process {holder.pid}) and keeps its game in {path}" in err
        assert path.read_bytes() == before                            # not replaced by a second game
    assert main(["play", "--seed", "2", "--new", "--no-record"]) == 0   # killed: its claim is taken over


def test_a_folder_where_the_lock_file_belongs_is_named_not_blamed_on_another_program(capsys, monkeypatch):
    """"another program is open (process ?)" with no program open: the player was locked out for
    good, and told to close a program that was not there."""
    monkeypatch.setattr(terminal, "play", lambda **kw: pytest.fail("a game was played"))
    lock = storage.terminal_autosave_path().parent / "terminal.lock"
    lock.mkdir(parents=True)
    assert main(["play", "--seed", "1", "--no-record"]) == 2
    err = capsys.readouterr().err
    assert err == (f"ascension: error: {lock} is a folder where the program's lock file belongs; if no other "
                   f"Ascension program is open, remove it and start again\n")
    assert lock.is_dir()


def test_a_lock_file_this_user_may_not_read_is_named(monkeypatch, tmp_path):
    from pathlib import Path
    from ascension.ui.desktop.instance import Instance
    claim = Instance(tmp_path, "terminal")
    claim.lock_path.write_text("4242\n")
    real_open = Path.open

    def refused(self, *args, **kwargs):
        if self == claim.lock_path:
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *args, **kwargs)
    monkeypatch.setattr(Path, "open", refused)
    assert claim.not_a_lock() == f"the program's lock file {claim.lock_path} may not be read (made by another user, with sudo?)"


@pytest.mark.parametrize("which", ["a file of its own", "the autosave", "a link to a file of its own"])
def test_a_saved_game_already_open_in_another_terminal_is_not_loaded_twice(capsys, monkeypatch, tmp_path, which):
    """`play --load FILE` took no lock: two terminals on one file saved over each other's moves
    after every answer, and whichever wrote last won (through a link to it, until the lock was
    the file's own)."""
    import subprocess
    import sys
    real = terminal.play
    monkeypatch.setattr(terminal, "play", lambda **kw: real(input_fn=scripted(["P", "q", "y"]), **kw))
    assert main(["play", "--seed", "1", "--no-record"]) == 0
    path = storage.terminal_autosave_path()
    if which != "the autosave":
        path = tmp_path / "monday.json"
        path.write_bytes(storage.terminal_autosave_path().read_bytes())
    second = path
    if which == "a link to a file of its own":
        second = tmp_path / "elsewhere" / "link.json"
        second.parent.mkdir()
        second.symlink_to(path)
    before = path.read_bytes()
    loads = ["play", "--no-record", "--load", str(path)]
    holder = subprocess.Popen([sys.executable, "-m", "ascension.ui.cli", *loads], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)   # waiting for its first answer
    try:
        assert holder.stdout.readline().startswith("Resuming the game of seed 1")
        capsys.readouterr()
        assert main([*loads[:-1], str(second)]) == 2
        err = capsys.readouterr().err
        assert f"another program is open (process {holder.pid}) and keeps its game in {second}" in err
        assert path.read_bytes() == before
    finally:
        holder.kill()
        holder.wait()


def test_the_desktops_autosave_is_not_loaded_in_the_terminal_while_the_desktop_plays_it(capsys, monkeypatch):
    """After a crash, `play --load <data>/autosave.json` went on with the desktop's game while a
    desktop started again resumed it too: both saved over one file, and one finished result was
    dropped while its program said it was recorded."""
    from ascension.core.session import Seat, Session
    path = storage.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(Session.start(["10th"], [Seat("Ann"), Seat("Bob", "bot", "greedy")], seed=1).to_json())
    before = path.read_bytes()
    with held_elsewhere(path.parent, "desktop") as holder:   # the desktop, open on its autosave
        capsys.readouterr()
        assert main(["play", "--no-record", "--load", str(path)]) == 2
        err = capsys.readouterr().err
        assert f"another program is open (process {holder.pid}) and keeps its game in {path}" in err
        assert path.read_bytes() == before


@contextmanager
def held_elsewhere(folder, who: str):
    """Another process holding ``who``'s claim ("terminal", "desktop") on ``folder`` meanwhile."""
    import subprocess
    import sys
    holder = subprocess.Popen([sys.executable, "-c", (
        "import sys, time; from pathlib import Path; from ascension.ui.desktop.instance import Instance; "
        "i = Instance(Path(sys.argv[1]), sys.argv[2]); assert i.claim(); print('holding', flush=True); "
        "time.sleep(20)"), str(folder), who], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "holding"
        yield holder
    finally:
        holder.kill()
        holder.wait()


def test_a_data_folder_that_cannot_be_made_still_lets_the_person_play(tmp_path, monkeypatch, capsys):
    """A file stands where the data folder would be: no lock and no autosave can be made there,
    so the game is played (and said to be unsaved) instead of ending in a traceback."""
    blocked = tmp_path / "data"
    blocked.write_text("a file of the player's")
    monkeypatch.setenv("ASCENSION_DATA_DIR", str(blocked))
    monkeypatch.setattr("sys.stdin", io.StringIO("P\nq\ny\n\n"))   # play all, leave, save in no file
    assert main(["play", "--seed", "1", "--no-record"]) == 0
    out = capsys.readouterr().out
    assert f"The game could not be saved to {blocked / 'terminal-autosave.json'}: " in out
    assert "The game is not saved" in out and out.rstrip().endswith("Seed 1 deals the same game again.")
    assert blocked.read_text() == "a file of the player's"


# ---------------------------------------------------------------------------- names
BAD_NAMES = {"empty": "   ", "too-long": "x" * 10_000, "control": "Ann\x1b[31m", "newline": "Ann\nBob",
             "not-utf8": "Ann\udcff", "bidi": "Ann\u202e"}


@pytest.mark.parametrize("name", BAD_NAMES.values(), ids=BAD_NAMES.keys())
def test_bad_names_are_refused(name, capsys):
    with pytest.raises(BadName):
        validate_name(name)
    with pytest.raises(BadName):
        terminal.play(seed=SEED, name=name, input_fn=scripted(["q", "y"]), out=[].append)
    assert main(["play", "--name", name]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("ascension: error: --name: a name")


def test_good_names_are_kept_trimmed():
    assert validate_name("  Zoë 李 ") == "Zoë 李" and validate_name("x" * 40) == "x" * 40


def test_play_uses_the_terminal_autosave_in_the_data_folder(capsys, monkeypatch):
    real = terminal.play
    monkeypatch.setattr(terminal, "play", lambda **kw: real(input_fn=scripted(["P", "q", "y"]), **kw))
    assert main(["play", "--seed", "1"]) == 0
    assert json.loads(storage.terminal_autosave_path().read_text())["game"]["answers"] == [1]
    assert not storage.autosave_path().exists()   # the desktop's game is another file


def test_a_team_game_ends_with_the_teams_honor_and_the_winning_team():
    """The end said "Winner: Greedy bot 2", one seat, with no team's honor; and the resume
    question named the teammate among the opponents."""
    from ascension.core.bots import make_bot
    from ascension.core.match import new_game
    from ascension.core.session import Seat, Session
    from ascension.core.sim import play_out
    game = new_game(["10th"], ["Ann", "Bob", "Cid", "Dee"], ["teams"], seed=3)
    play_out(game, [make_bot("greedy", game.ctx.defs, 3, i) for i in range(4)])
    lines: list[str] = []
    terminal.show_result(game, lines.append)
    totals = {r["seat"]: r["total"] for r in game.scores()}
    for team in game.teams():
        names = " & ".join(game.seat_name(s) for s in team)
        assert f"  Team {names}: {sum(totals[s] for s in team)} honor" in lines
    winners = " & ".join(game.seat_name(s) for s in game.winners())
    assert lines[-1] == f"Team {winners} wins!" and len(game.winners()) == 2
    session = Session.start(["10th"], [Seat("Ann"), Seat("Bob", "bot", "greedy"), Seat("Cid", "bot", "greedy"),
                                       Seat("Dee", "bot", "greedy")], ["teams"], 3)
    mate = next(session.seats[s].name for team in session.game.teams() if 0 in team for s in team if s != 0)
    asked = []
    terminal.wants_to_resume((session, 0), lambda prompt: asked.append(prompt) or "y")
    assert asked[0].startswith(f"An unfinished game was saved (Ann with {mate} against ")
    assert f"{mate}," not in asked[0].split(" against ")[1] and not asked[0].split(" against ")[1].startswith(mate)
