"""A plugin installed apart from the program that fails once a game is under way, outside any
move (reading the scores, listing the actions of a decision), or whose bot cannot start: the game
is not lost and not called damaged, and the plugin at fault is named."""
from __future__ import annotations

import importlib
import sys

import pytest

from ascension.core.match import SaveNotUsableNow
from ascension.core.session import Seat, Session
from ascension.ui import terminal
from ascension.ui.desktop import storage
from ascension.ui.history import open_history, repo
from ascension.ui.history.repo import MatchFilter

FAILS_LATER = '''
from ascension.core.hookspecs import hookimpl
from ascension.core.plugins import PluginInfo
PLUGIN = PluginInfo(name="later", variant="later", summary="ends the game at turn 2; fails when told to")
FAIL = set()   # the hooks that fail from now on ("asc_extra_scores": once the game is over)

def _check(hook):
    if hook in FAIL:
        raise RuntimeError(f"{hook} broke")

@hookimpl
def asc_game_over(game, seat):
    return True if game.turn >= 2 else None

@hookimpl
def asc_extra_scores(game):
    if game.over:
        _check("asc_extra_scores")
    return []

@hookimpl
def asc_extra_actions(game, seat):
    _check("asc_extra_actions")
    return None
'''


@pytest.fixture
def later(installed_package):
    installed_package("later", {"__init__.py": FAILS_LATER})
    return importlib.import_module("asc_later").FAIL


def test_a_finished_game_whose_plugin_fails_as_the_scores_are_read_is_not_lost(later, tmp_path, first_label):
    """The terminal stopped with a traceback before the record was tried; at the next start the
    autosave was set aside as damaged, and the game never reached the history."""
    later.add("asc_extra_scores")
    path, db, lines = tmp_path / "terminal-autosave.json", tmp_path / "h.sqlite3", []
    game = terminal.play(seed=1, input_fn=first_label(lines), out=lines.append, autosave=path, db=db,
                         variants=("later",))
    assert game.over
    said = next(line for line in lines if line.startswith("The final scores cannot be shown"))
    assert "plugin 'later' failed in asc_extra_scores: RuntimeError: asc_extra_scores broke" in said
    [kept] = storage.saves_dir().glob("unrecorded-*.json")   # the history could not take it: saved whole
    assert any(str(kept) in line for line in lines) and not path.exists()
    with pytest.raises(SaveNotUsableNow):   # held while the plugin fails, not set aside as damaged
        storage.read_session(kept)
    later.clear()   # the plugin mended: the game loads from there
    h = open_history(db)
    try:
        with h.session() as s:
            assert repo.count_matches(s, MatchFilter()) == 0
    finally:
        h.close()
    assert storage.read_session(kept).game.answers == game.answers


def test_a_sound_save_a_plugin_fails_on_is_held_not_called_damaged(later, tmp_path):
    """The save was set aside as damaged (``.bad``) and never offered again once the plugin was mended."""
    session = Session.start(["10th"], [Seat("Ann"), Seat("Bob", "bot", "greedy")], variants=["later"], seed=4)
    session.answer(0)
    path = tmp_path / "autosave.json"
    path.write_text(session.to_json())
    later.add("asc_extra_actions")
    with pytest.raises(SaveNotUsableNow) as held:
        storage.read_session(path)
    assert "plugin 'later' failed in asc_extra_actions: RuntimeError: asc_extra_actions broke" in held.value.reason
    assert "offered again once the plugin works" in held.value.reason
    later.clear()
    assert storage.read_session(path).to_json() == session.to_json()


BOT = '''
from ascension.core.bots import Bot
from ascension.core.hookspecs import hookimpl
from ascension.core.plugins import BotKind, PluginInfo
PLUGIN = PluginInfo(name="pbot", summary="a bot with a model file of its own")
BROKEN = False

class PBot(Bot):
    def __init__(self, defs, seed, seat, **options):
        if BROKEN:
            raise FileNotFoundError(2, "No such file or directory", "/home/ann/.pbot/model.bin")
        super().__init__(defs, seed, seat)

@hookimpl
def asc_bots():
    return [BotKind("pbot", PBot, "plays from a model file")]
'''


def test_a_save_whose_bot_cannot_start_is_held_not_called_damaged(installed_package, tmp_path):
    installed_package("pbot", {"__init__.py": BOT})
    session = Session.start(["10th"], [Seat("Ann"), Seat("Bob", "bot", "pbot")], seed=4)
    path = tmp_path / "autosave.json"
    path.write_text(session.to_json())
    sys.modules["asc_pbot"].BROKEN = True
    with pytest.raises(SaveNotUsableNow) as held:
        storage.read_session(path)
    assert held.value.reason == ("the saved game is sound, but one of its bots cannot start: the bot 'pbot' cannot "
                                 "start: FileNotFoundError: [Errno 2] No such file or directory: "
                                 "'/home/ann/.pbot/model.bin'")
    sys.modules["asc_pbot"].BROKEN = False
    assert storage.read_session(path).to_json() == session.to_json()


WILD_BOT = '''
from ascension.core.bots import Bot
from ascension.core.hookspecs import hookimpl
from ascension.core.plugins import BotKind, PluginInfo
PLUGIN = PluginInfo(name="wild", summary="a bot that answers badly when told to")
ANSWER = None   # what it answers: None (a fine move), an exception to raise, or a value

class Wild(Bot):
    def choose(self, view, decision):
        if isinstance(ANSWER, Exception):
            raise ANSWER
        return 0 if ANSWER is None else ANSWER

@hookimpl
def asc_bots():
    return [BotKind("wild", Wild, "answers badly when told to")]
'''


@pytest.mark.parametrize("answer, said", [
    (RuntimeError("its model fell out"), "RuntimeError: its model fell out"),
    (10_000, "it answered 10000, which is no option here (0..2)"),
    ("1", "it answered '1', which is no option here (0..2)"),
    (True, "it answered True, which is no option here (0..2)"),
])
def test_a_bot_that_fails_or_answers_no_option_is_named_and_the_game_kept(installed_package, answer, said):
    """It was "an error in the program: InvalidAnswer: answer 10000 is not an option of ...", or a
    TypeError from deep in the engine, with no word of the bot."""
    from ascension.ui.moves import make_move
    installed_package("wild", {"__init__.py": WILD_BOT})
    session = Session.start(["10th"], [Seat("Bob", "bot", "wild"), Seat("Ann")], seed=1)
    importlib.import_module("asc_wild").ANSWER = answer
    before = session.to_json()
    failure = make_move(session, session.step_bot)
    assert failure == (f"That move could not be made (the bot 'wild' failed: {said}). The game is as it was "
                       "before the move.")
    assert session.to_json() == before
