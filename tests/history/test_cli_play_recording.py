"""``ascension play`` records the game in the person's history, as the desktop does, unless told
--no-record; and the command line's small print: a solo game says it seats no --bots, --dask
names the package to install."""
import json
import sys

import pytest

from ascension.ui import terminal
from ascension.ui.cli import main
from ascension.ui.history import open_history, repo
from ascension.ui.history.db import default_path
from ascension.ui.history.recording import close_all

from history_helpers import make_record


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def quits_at_once(monkeypatch):
    """The person's keystrokes: quit, yes (from a script, not from patching input())."""
    real = terminal.play

    def play(**kw):
        answers = ["q", "y"]
        return real(input_fn=lambda prompt: answers.pop(0), **kw)
    monkeypatch.setattr(terminal, "play", play)
    yield
    close_all()   # the default history opened for recording, closed before its folder goes


@pytest.fixture(autouse=True)
def no_history_setting(monkeypatch):
    monkeypatch.delenv("ASCENSION_HISTORY_DB", raising=False)


def people_games(capsys) -> list[dict]:
    code, out, err = run(capsys, "history", "list", "--json")   # the default history, as a player types it
    assert code == 0, err
    return json.loads(out)["matches"]


def test_a_terminal_game_is_recorded_in_the_default_history(capsys, monkeypatch, first_label):
    real, lines = terminal.play, []
    monkeypatch.setattr(terminal, "play", lambda **kw: real(input_fn=first_label(lines), out=lines.append, **kw))
    try:
        code, _, _ = run(capsys, "play", "--seed", 5, "--name", "Ada")
    finally:
        close_all()
    assert code == 0 and lines[-1].startswith("Game recorded in the history")
    (game,) = people_games(capsys)
    assert game["status"] == "finished" and {s["name"]: s["kind"] for s in game["seats"]} == {
        "Ada": "human", "Greedy bot": "bot"}
    assert default_path().exists()


def test_no_record_plays_without_touching_the_history(capsys, quits_at_once):
    code, out, _ = run(capsys, "play", "--seed", 5, "--no-record")
    assert code == 0 and "You left the game." in out and "recorded" not in out
    assert not default_path().exists()


def test_a_history_named_and_refused_is_a_one_line_error(capsys, tmp_path):
    code, out, err = run(capsys, "play", "--db", tmp_path / "h.sqlite3", "--no-record")
    assert code == 2 and out == "" and err.count("\n") == 1 and "--no-record asks for none" in err
    assert not (tmp_path / "h.sqlite3").exists()


def test_a_default_history_that_cannot_be_written_is_said_before_the_game(capsys, tmp_path, monkeypatch):
    path = tmp_path / "h.sqlite3"
    h = open_history(path)
    with h.session() as s:
        repo.record_game(s, make_record())
    h.close()
    before = path.read_bytes()
    monkeypatch.setenv("ASCENSION_HISTORY_DB", f"sqlite:///file:{path}?mode=ro&uri=true")
    code, out, err = run(capsys, "play", "--seed", 5)
    assert code == 2 and out == "" and err.count("\n") == 1   # no game shown: nothing would keep it
    assert "cannot be written" in err and err.rstrip().endswith("or play without recording it: --no-record")
    assert path.read_bytes() == before


def test_a_solo_variant_says_it_seats_no_bots_and_plays_on(capsys, quits_at_once):
    code, out, err = run(capsys, "play", "--seed", 5, "--variants", "samael", "--bots", "greedy", "--no-record")
    assert code == 0 and err == ("ascension: --bots greedy is left out: samael is a solo game, "
                                 "with no opponent to seat\n")
    assert "You left the game." in out and "Greedy bot" not in out   # the solo game was played
    code, out, err = run(capsys, "play", "--seed", 5, "--variants", "Samael", "--no-record")
    assert code == 0 and "--bots" not in err   # not asked for: nothing to say


def test_dask_help_and_error_name_the_package_to_install(capsys, monkeypatch):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    helptext = " ".join(capsys.readouterr().out.split())   # argparse wraps lines
    assert "pip install 'ascension-table[cluster]'" in helptext and "'ascension[cluster]'" not in helptext
    monkeypatch.setitem(sys.modules, "distributed", None)   # not installed
    code, out, err = run(capsys, "simulate", "--games", 1, "--seed", 1, "--dask", "local")
    assert code == 2 and err.rstrip().endswith("pip install 'ascension-table[cluster]'")


def test_a_finished_terminal_game_the_history_cannot_take_stays_in_its_autosave_and_goes_in_at_the_next_start(
        tmp_path, first_label, unrecordable):
    """The autosave was removed as the game ended, before the record was tried: with the history
    locked and no room for a file of its own, the finished game was gone."""
    db, autosave = tmp_path / "h.sqlite3", tmp_path / "autosave.json"
    lines: list[str] = []
    try:
        game = terminal.play(seed=5, input_fn=first_label(lines), out=lines.append, db=db, autosave=autosave)
        assert game.over and f"The game stays in {autosave} and goes into the history at the next start." in lines
        assert terminal.storage.read_session(autosave).game.answers == game.answers
        unrecordable()   # mended
        later: list[str] = []
        terminal.play(seed=6, input_fn=lambda prompt: "q" if "Leave" not in prompt else "y", out=later.append,
                      db=db, autosave=autosave)
        assert any(line.startswith("The game you finished last is now recorded in the history") for line in later)
        with open_history(db).session() as s:
            finished = repo.list_matches(s, repo.MatchFilter(status="finished"))
            assert [repo.get_match(s, m.id).seed for m in finished] == [5]
    finally:
        close_all()
