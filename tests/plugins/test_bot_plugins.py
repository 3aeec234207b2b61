"""Bots are plugins: an installed package offers bots through ``asc_bots`` exactly as the
built-in tiers do, and they appear in ``--bots``, in saved seats and in the desktop's seat
menus, and play. A bot that cannot be offered is named among the plugin load errors; the
others still load."""
from __future__ import annotations

import importlib
import json
import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")   # the seat menus' test; before Qt is imported

import pytest  # noqa: E402

from ascension.core import plugins as plugin_mod  # noqa: E402
from ascension.core.bots import bot_kinds, make_bot  # noqa: E402
from ascension.core.match import SaveNotUsableNow  # noqa: E402
from ascension.core.session import SaveFileError, Seat, Session  # noqa: E402
from ascension.core.sim import play_game  # noqa: E402
from ascension.ui.cli import main  # noqa: E402

OFFERS_A_BOT = '''
from ascension.core import rng
from ascension.core.bots import Bot
from ascension.core.hookspecs import hookimpl
from ascension.core.plugins import BotKind, PluginInfo
PLUGIN = PluginInfo(name="NAME", summary="offers a bot")


class Dice(Bot):
    """Rolls for every decision."""
    name = "dice"

    def choose(self, view, decision):
        self.rng, i = rng.below(self.rng, len(decision.options))
        self._explain = "the dice said so"
        return i


@hookimpl
def asc_bots():
    return BODY
'''
DICE = '[BotKind("dice", Dice, "rolls for every decision")]'


@pytest.fixture
def site(installed_package):
    """``install(name, body)``: a package offering bots (``asc_bots`` returns ``body``),
    installed as pip would."""
    return lambda name, body=DICE: installed_package(
        name, {"__init__.py": OFFERS_A_BOT.replace("NAME", name).replace("BODY", body)})


def test_the_built_in_tiers_come_from_the_bots_plugin_in_their_usual_order():
    kinds = bot_kinds()
    assert list(kinds) == ["random", "greedy", "easy", "medium", "hard", "expert"]
    assert set(plugin_mod.installed().bot_plugins.values()) == {"bots"}
    assert {n: k.same_as for n, k in kinds.items() if k.same_as} == {"greedy": "easy"}


def test_an_installed_bot_is_offered_by_simulate_and_plays_a_seeded_game(site, capsys):
    site("dicebox")
    assert "dice" in bot_kinds() and not plugin_mod.installed().errors
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert "random, greedy, easy, medium, hard, expert, dice)" in " ".join(capsys.readouterr().out.split())
    code = main(["simulate", "--sets", "10th", "--bots", "dice,easy", "--games", "2", "--seed", "5",
                 "--check", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    summary = json.loads(out)
    assert summary["bots"] == ["dice", "easy"] and summary["invariant_violations"] == 0
    first = play_game(["10th"], ["dice", "easy"], seed=5, check=True, keep_record=True)
    again = play_game(["10th"], ["dice", "easy"], seed=5)
    assert first.violations == [] and not first.capped
    assert first.record["answers"] == play_game(["10th"], ["dice", "easy"], seed=5, keep_record=True).record["answers"]
    assert (first.winner, first.scores) == (again.winner, again.scores)   # a seed replays its game


def test_an_installed_bot_sits_in_a_saved_session_and_comes_back(site):
    site("dicebox")
    session = Session.start(["10th"], [Seat("Ann", "human"), Seat("Dee", "bot", "dice")], seed=3)
    assert type(session.bots[1]).__name__ == "Dice"
    restored = Session.from_json(session.to_json())
    assert type(restored.bots[1]).__name__ == "Dice"


def test_a_saved_seat_whose_bot_is_no_longer_installed_is_named(site, tmp_path):
    site("dicebox")
    saved = Session.start(["10th"], [Seat("Ann", "human"), Seat("Dee", "bot", "dice")], seed=3).to_json()
    sys.modules.pop("asc_dicebox", None)
    (tmp_path / "asc_dicebox-1.0.dist-info" / "entry_points.txt").write_text("[ascension]\n")   # uninstalled
    importlib.invalidate_caches()
    plugin_mod.installed.cache_clear()
    with pytest.raises(SaveNotUsableNow, match="a bot that is not installed here: unknown bot 'dice' "):
        Session.from_json(saved)


def test_a_terminal_game_against_an_uninstalled_bot_waits_on_hold_until_the_bot_is_back(site, tmp_path):
    from ascension.ui import terminal
    site("dicebox")
    autosave, lines = tmp_path / "terminal-autosave.json", []
    answers = iter(["P", "q", "y"])
    terminal.play(seed=3, bot="dice", input_fn=lambda prompt: next(answers), out=lines.append, autosave=autosave)
    left = autosave.read_text()
    entry_points = tmp_path / "asc_dicebox-1.0.dist-info" / "entry_points.txt"
    installed = entry_points.read_text()

    def reinstall(text: str) -> None:
        entry_points.write_text(text)
        sys.modules.pop("asc_dicebox", None)
        importlib.invalidate_caches()
        plugin_mod.installed.cache_clear()
    reinstall("[ascension]\n")   # uninstalled
    answers = iter(["q", "y"])
    terminal.play(seed=4, input_fn=lambda prompt: next(answers), out=lines.append, autosave=autosave)
    held = list((tmp_path / "on-hold").iterdir())
    assert len(held) == 1 and held[0].read_text() == left
    assert any(line.startswith("The autosaved game cannot be resumed here now") and "unknown bot 'dice'" in line
               for line in lines)
    autosave.unlink()   # (that new game is given up)

    reinstall(installed)
    asked, answers = [], iter(["y", "q", "y"])
    game = terminal.play(seed=5, input_fn=lambda prompt: asked.append(prompt) or next(answers), out=lines.append,
                         autosave=autosave)
    saved = json.loads(left)["game"]
    assert asked[0].startswith("An unfinished game was saved (Player against Dice bot, turn {turn})".format(
        turn=saved["state"]["turn"]))
    assert game.seed == 3 and game.answers[:len(saved["answers"])] == saved["answers"] and not held[0].exists()


def test_an_installed_bot_appears_in_the_desktop_seat_menus(site, qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("ASCENSION_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("ASCENSION_DATA_DIR", str(tmp_path / "data"))
    from ascension.ui.desktop import storage
    from ascension.ui.desktop.setup_dialog import SetupDialog
    site("dicebox")
    seats = [{"name": "Ann", "kind": "human", "bot": None}, {"name": "Dee", "kind": "bot", "bot": "dice"}]
    dlg = SetupDialog(storage.Settings(), {"seats": seats, "sets": ["10th"], "variants": [], "honor_pool": None,
                                           "seed": 7, "first_player": "random"})
    qtbot.addWidget(dlg)
    kind = dlg.seat_rows[1].kind
    assert [kind.itemText(i) for i in range(kind.count())] == \
        ["Human", "Bot: random", "Bot: easy", "Bot: medium", "Bot: hard", "Bot: expert", "Bot: dice"]
    assert kind.currentText() == "Bot: dice"
    assert dlg.seat_rows[1].get() == {"name": "Dee", "kind": "bot", "bot": "dice"}


@pytest.mark.parametrize("body, expected", [
    ("1 / 0", "plugin 'broken' failed in asc_bots: ZeroDivisionError: division by zero"),
    ("42", "plugin 'broken' failed in asc_bots: TypeError: expected a list of BotKind, not 42"),
    ('[BotKind("Dice Box", Dice, "spaces")]',
     "plugin 'broken' offers bot 'Dice Box', which is not a bot name (lowercase letters, digits, '-' and "
     "'_', starting with a letter): left out"),
    ('[BotKind("dice", "Dice", "a name, not a class")]',
     "plugin 'broken' offers bot 'dice', whose factory 'Dice' cannot be called: left out"),
    ('[BotKind("medium", Dice, "takes a tier\'s name")]',
     "plugin 'broken' offers bot 'medium', but that name is already plugin 'bots''s bot: left out"),
    ('[BotKind("die", Dice, "dice\'s other name", same_as="dices")]',
     "plugin 'broken' offers bot 'die' as another name of 'dices', which is no bot of its own: left out"),
])
def test_a_bot_that_cannot_be_offered_is_named_and_the_others_load(site, body, expected):
    site("broken", body)
    site("dicebox")
    assert plugin_mod.installed().errors == [expected]
    assert list(bot_kinds()) == ["random", "greedy", "easy", "medium", "hard", "expert", "dice"]
    assert type(make_bot("medium", [], 1, 0)).__module__ == "ascension.plugins.bots.tiers"   # not taken over
    assert "broken" in plugin_mod.installed().infos                                       # the plugin itself loads


def test_an_unknown_bot_names_what_is_installed(site, capsys):
    site("dicebox")
    with pytest.raises(ValueError, match=r"unknown bot 'clever' \(available: random, greedy, easy, medium, hard, expert, dice\)"):
        make_bot("clever", [], 1, 0)
    assert main(["simulate", "--bots", "clever"]) == 2
    assert "unknown bot 'clever' (available: random, greedy, easy, medium, hard, expert, dice)" in capsys.readouterr().err


def test_the_medium_bot_races_samael_through_his_score_row_near_the_end():
    from ascension.core.match import new_game
    from ascension.plugins.bots.tiers import Situation
    game = new_game(["10th"], ["Ann"], ["samael"], seed=4)
    game.pool = 3                                    # the last quarter of the pool: the honor race counts
    game.players[0].honor = 12
    game.ext["villain_honor"] = 20                   # Samael ahead by 8 honor before cards
    mine = game.scores()[0]["total"]
    samael = next(row for row in game.scores() if row["seat"] == -1)["total"]
    assert samael > mine
    assert Situation(game, 0).lead == mine - samael  # behind: the bot knows it is losing the race


ADVISES = '''
from ascension.core.bots import BotAdvice
from ascension.core.hookspecs import hookimpl
from ascension.core.plugins import PluginInfo
PLUGIN = PluginInfo(name="favours", summary="Temple Librarians bring luck", variant="favours")


class Luck(BotAdvice):
    def take(self, sense, card):
        return 50.0 if sense.game.card(card).name == "Temple Librarian" else 0.0


@hookimpl
def asc_bot_advice(game):
    return [Luck()]
'''


def test_a_plugin_tells_the_bots_what_its_rules_are_worth(installed_package):
    """``asc_bot_advice``: a variant's rule the bots cannot read from the cards (here, luck for
    taking a Temple Librarian) changes what the medium bot buys, only in matches that play it."""
    from ascension.core.match import new_game
    from ascension.core.scenario import arrange, arrange_center, empty_center_row, set_resources
    installed_package("favours", {"__init__.py": ADVISES})

    def medium_buys(variants):
        game = new_game(["10th"], ["Ann", "Bob"], variants, seed=1)
        arrange(game, 0, hand=[])
        empty_center_row(game)
        arrange_center(game, ["Temple Librarian", "Arha Templar", "Mechana Initiate"])
        set_resources(game, 0, runes=4)
        dec = game.decision()
        return game.label(dec.options[make_bot("medium", game.ctx.defs, 1, 0).choose(game.view(0), dec)])

    assert medium_buys([]) == "Acquire Arha Templar (4 runes)"
    assert medium_buys(["favours"]) == "Acquire Temple Librarian (2 runes)"
