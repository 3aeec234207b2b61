"""Whole games played through the desktop window by clicking widgets; the end screen must show
the engine's own result."""
import html
import re

import pytest
from PySide6.QtCore import Qt

from ascension.ui.history.replay import side_scores
from clicker import end_screen_rows, play_to_the_end, seats


def check_end_screen(window):
    c = window.controller
    game = c.game
    winners = [game.seat_name(s) for s in game.winners()]
    title = window.end_page.title.text()
    assert all(name in title for name in winners), (title, winners)
    rows = {r[0].lstrip("★ ").strip(): r for r in end_screen_rows(window)}
    for score in game.scores():
        row = rows[score["name"]]
        assert [int(x) for x in row[1:]] == [score["tokens"], score["cards"], score["total"]]
    race = window.end_page.race   # the honor race: one line per side (a team's seats summed), a point per turn
    if game.turn > 1:
        lines = {html.unescape(item.name()): list(item.yData) for item in race.plot.listDataItems()}   # (the legend is HTML)
        assert race.isVisible() and {name: ys[-1] for name, ys in lines.items()} == dict(side_scores(game))
        assert all(len(ys) == game.turn for ys in lines.values())
        story = race.story.text()   # in words: who led, how often it changed hands, the largest lead
        assert re.match(r"(.+ led for \d+ of \d+ turns|No one was ever ahead)", story) and race.story.isVisible()
        page = window.end_page   # at 1280x720, even under six rows of team scores: nothing overlaps
        story_bottom = race.story.mapTo(page, race.story.rect().bottomLeft()).y()
        assert story_bottom < page.rematch_button.mapTo(page, page.rematch_button.rect().topLeft()).y()
    return rows


@pytest.mark.parametrize("seed", [11])
def test_human_against_greedy_bot(window, qtbot, seed):
    window.start({"seats": seats("Ann", ("Bob", "greedy")), "sets": ["10th"], "variants": [],
                  "seed": seed, "honor_pool": 10})
    play_to_the_end(window, qtbot)
    check_end_screen(window)
    assert window.log_panel.toPlainText().rstrip().endswith("The game is over.")


def test_hot_seat_hides_hands_between_people(window, qtbot):
    window.start({"seats": seats("Ann", "Bob"), "sets": ["10th"], "variants": [], "seed": 3, "honor_pool": 8})
    # the first person is asked to take the screen before any hand is shown
    assert window.stack.currentWidget() is window.pass_page
    assert "Ann" in window.pass_page.title.text()
    assert window.table.hand.shown == 0
    qtbot.mouseClick(window.pass_page.button, Qt.LeftButton)
    assert window.stack.currentWidget() is window.play_page and window.table.hand.shown == 5
    qtbot.mouseClick(window.decision.end_button, Qt.LeftButton)
    assert window.stack.currentWidget() is window.pass_page and "Bob" in window.pass_page.title.text()
    play_to_the_end(window, qtbot)
    check_end_screen(window)


def test_solo_against_samael(window, qtbot):
    window.start({"seats": seats("Ann"), "sets": ["10th"], "variants": ["samael"], "seed": 5, "honor_pool": 20})
    panel = window.table.score_panels[0].label.text()
    right_most = [window.controller.game.name_of(c) for c in window.controller.game.center_row[:-3:-1]]
    assert panel.startswith("<b>Samael</b>") and f"<b>Takes next</b> {' and '.join(right_most)}" in panel
    play_to_the_end(window, qtbot)
    rows = check_end_screen(window)
    assert "Samael" in rows


def test_four_player_teams(window, qtbot):
    window.start({"seats": seats("Ann", ("Bob", "greedy"), ("Cat", "greedy"), ("Dan", "greedy")),
                  "sets": ["10th"], "variants": ["teams"], "seed": 9, "honor_pool": 12})
    assert "Team A" in window.table.seat_panels[0].who.text() and "Team B" in window.table.seat_panels[1].who.text()
    play_to_the_end(window, qtbot)
    check_end_screen(window)
    summary = window.controller.summary()
    team_rows = [r for r in end_screen_rows(window) if r[0].lstrip("★ ").startswith("Team")]
    assert sorted(int(r[3]) for r in team_rows) == sorted(s["total"] for s in summary["sides"])
    winner_team = next(s for s in summary["sides"] if s["won"])
    assert " & ".join(winner_team["names"]) in window.end_page.title.text()


def test_rematch_replays_the_same_deal(window, qtbot):
    window.start({"seats": seats("Ann", ("Bob", "greedy")), "sets": ["10th"], "variants": [],
                  "seed": 21, "honor_pool": 4})
    first_row = list(window.controller.game.center_row)
    play_to_the_end(window, qtbot)
    qtbot.mouseClick(window.end_page.rematch_button, Qt.LeftButton)
    assert window.stack.currentWidget() is window.play_page
    assert window.controller.game.seed == 21
    assert [window.controller.game.card(c).id for c in window.controller.game.center_row] == \
        [window.controller.game.card(c).id for c in first_row]


def test_a_drawn_first_player_starts_and_a_rematch_keeps_the_seating(window, qtbot):
    table = seats("Ann", ("Bob", "greedy"), ("Cat", "greedy"))
    names = ["Ann", "Bob", "Cat"]
    starters = set()
    for seed in range(12):
        window.start({"seats": table, "sets": ["10th"], "variants": [], "seed": seed, "honor_pool": 3,
                      "first_player": "random"})
        game = window.controller.game
        order = [p.name for p in game.players]
        k = names.index(order[0])
        assert order == names[k:] + names[:k] and game.seat_name(0) == order[0]
        starters.add(order[0])
    assert starters == set(names)
    play_to_the_end(window, qtbot)
    qtbot.mouseClick(window.end_page.rematch_button, Qt.LeftButton)
    assert [p.name for p in window.controller.game.players] == order    # the same seats, the same deal


def test_play_again_deals_a_new_game_for_the_same_table(window, qtbot):
    table = {"seats": seats("Ann", ("Bob", "greedy")), "sets": ["10th"], "variants": [], "seed": 21,
             "honor_pool": 4}
    window.start(table)
    first = window.controller.game.seed
    play_to_the_end(window, qtbot)
    qtbot.mouseClick(window.end_page.again_button, Qt.LeftButton)
    game = window.controller.game
    assert window.stack.currentWidget() is window.play_page and game.seed != first
    assert [p.name for p in game.players] == ["Ann", "Bob"] and game.ctx.setup["honor_pool"] == 4

    from ascension.core.session import Session                # a game resumed at start-up, too
    from ascension.ui.desktop.app import MainWindow
    from ascension.ui.desktop.controller import Controller
    resumed = MainWindow(Controller(autosave=None), window.settings)
    qtbot.addWidget(resumed)
    resumed.controller.adopt(Session.from_json(window.controller.session.to_json()))
    asked = []
    resumed.confirm = lambda title, text, **_: asked.append(text) or True   # (a game in progress: leaving it is asked)
    resumed.play_again()
    assert asked == ["Start another game? The current one will be lost unless you save it first."]
    assert resumed.controller.game.seed != game.seed and len(resumed.controller.game.players) == 2


@pytest.mark.parametrize("variants, players", [(["legendary"], 2), (["cult", "legendary"], 1)])
def test_other_installed_variants(window, qtbot, variants, players):
    """The Legendary Track and the Cult arrive as plugins; the table plays them with no code of
    their own (their Boons are offered as extra action buttons)."""
    from ascension.core.plugins import installed
    missing = [v for v in variants if v not in installed().variants()]
    if missing:
        pytest.skip(f"variant(s) not installed: {missing}")
    spec = seats("Ann", *[(f"Bot {i}", "greedy") for i in range(1, players)])
    window.start({"seats": spec, "sets": ["10th"], "variants": variants, "seed": 11, "honor_pool": 20})
    play_to_the_end(window, qtbot)
    check_end_screen(window)


@pytest.mark.parametrize("button", ["rematch_button", "again_button"])
def test_rematch_and_play_again_say_why_a_game_cannot_start_and_the_finished_one_stays(window, qtbot, monkeypatch,
                                                                                       tmp_path, button):
    """After a slip in the override file (read again once the Cards window saved a correction),
    Rematch and Play again raised out of the button: "Something went wrong: SetFileError: …"
    above the table, where New game says "Cannot start" in a plain message."""
    from PySide6.QtWidgets import QMessageBox
    from ascension.core import overrides
    warned = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: warned.append((title, text)))
    window.start({"seats": seats("Ann", ("Bob", "greedy")), "sets": ["10th"], "variants": [], "seed": 21,
                  "honor_pool": 4})
    play_to_the_end(window, qtbot)
    finished = window.controller.game
    slip = tmp_path / "overrides.toml"
    slip.write_text("[cards.10th.mystic]\ncost = 4x\n")
    monkeypatch.setenv(overrides.ENV, str(slip))
    overrides.reload()
    try:
        qtbot.mouseClick(getattr(window.end_page, button), Qt.LeftButton)
    finally:
        monkeypatch.delenv(overrides.ENV)
        overrides.reload()
    assert [t for t, _ in warned] == ["Cannot start"] and warned[0][1].startswith(f"{slip}: cannot read the override file")
    assert window.controller.game is finished and window.stack.currentWidget() is window.end_page
    assert "Something went wrong" not in window.notice.text()


def test_the_end_screen_by_keyboard_starts_on_rematch_and_tab_reaches_the_buttons(window, qtbot):
    """Tab went from cell to cell of the score table and wrapped round: Rematch, Play again, New
    game and Replay were out of reach."""
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication
    window.show()
    window.activateWindow()
    window.start({"seats": seats("Ann", ("Bob", "greedy")), "sets": ["10th"], "variants": [], "seed": 21,
                  "honor_pool": 4})
    play_to_the_end(window, qtbot)
    page = window.end_page
    assert QApplication.focusWidget() is page.rematch_button
    reached = set()
    for _ in range(12):
        QTest.keyClick(QApplication.focusWidget(), Qt.Key_Tab)
        reached.add(QApplication.focusWidget())
    assert page.table not in reached and page.rematch_button in reached
