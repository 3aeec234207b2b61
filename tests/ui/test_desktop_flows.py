"""The desktop's flows never surprise a player: the New game dialog holds still and deals anew
unless asked, Load asks before replacing a game, a typed save name is found again by Load, a
loaded game shows its log and can be undone, End turn names everything it would waste, and the
tutorial can be clicked through."""
from __future__ import annotations

from PySide6.QtCore import QDir, QPoint, Qt
from PySide6.QtWidgets import QCheckBox, QFileDialog, QPushButton

from ascension.core.scenario import arrange, set_resources, set_row
from ascension.core.session import Unspent
from ascension.ui.desktop import storage
from ascension.ui.desktop.setup_dialog import TUTORIAL, SetupDialog
from ascension.ui.desktop.tutorial import FIRST_TURN, TRACK_TOUR
from clicker import actionable_cards, seats

TWO = {"seats": seats("Ann", ("Bob", "easy")), "sets": ["10th"], "variants": [], "seed": 7, "honor_pool": None}


def play_turns(window, qtbot, turns: int) -> None:
    """Ann plays all and ends her turn, the bot answers, until ``turns`` turns have begun."""
    while window.controller.game.turn < turns:
        qtbot.keyClick(window, Qt.Key_A)
        qtbot.keyClick(window, Qt.Key_E)
        qtbot.waitUntil(lambda: window.controller.human_to_move() == 0, timeout=20000)


# ---------------------------------------------------------------------------- the New game dialog
def places(dlg) -> dict[str, QPoint]:
    return {w.text(): w.mapTo(dlg, QPoint(0, 0)) for w in dlg.findChildren(QCheckBox)} | {
        "seed": dlg.seed.mapTo(dlg, QPoint(0, 0)), "start": dlg.start_button.mapTo(dlg, QPoint(0, 0))}


def test_toggling_sets_and_variants_moves_no_checkbox(qtbot):
    dlg = SetupDialog(storage.Settings())
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    before = places(dlg)
    for box in [*dlg.set_checks.values(), dlg.variant_checks["legendary"]]:
        box.click()
        qtbot.wait(1)
        assert places(dlg) == before, f"toggling {box.text()} moved the widgets"


def test_the_piles_line_of_a_mix_is_shown_whole(qtbot):
    dlg = SetupDialog(storage.Settings(), dict(TWO, sets=["10th", "cotg", "rotf", "legends"]))
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    label = dlg.deck_label
    assert "Piles and starting decks from" in label.text()
    assert label.heightForWidth(label.width()) <= label.height()     # every line fits


def test_the_seat_menus_offer_each_bot_once_by_tier(qtbot):
    dlg = SetupDialog(storage.Settings(), dict(TWO, seats=seats("Ann", ("Bob", "greedy"))))
    qtbot.addWidget(dlg)
    kind = dlg.seat_rows[1].kind
    assert [kind.itemText(i) for i in range(kind.count())] == \
        ["Human", "Bot: random", "Bot: easy", "Bot: medium", "Bot: hard", "Bot: expert"]
    assert kind.currentText() == "Bot: easy"        # a seat saved as "greedy" is the easy tier


def test_a_new_game_deals_anew_unless_the_same_deal_is_asked(window, monkeypatch):
    window.start(TWO)
    window.settings.last = TWO                       # seed 7 typed last time
    first = window.controller.game.seed
    monkeypatch.setattr(SetupDialog, "exec", lambda self: SetupDialog.Accepted)
    window.new_game()
    assert window.controller.game.seed != first      # a new deal
    again = window.controller.game.seed
    monkeypatch.setattr(SetupDialog, "exec", lambda self: (self.same_deal.click(), SetupDialog.Accepted)[1])
    window.new_game()
    assert window.controller.game.seed == again      # asked for: the same deal


# ---------------------------------------------------------------------------- save and load
def test_load_asks_before_replacing_a_game_in_progress(window, qtbot, tmp_path):
    window.start(TWO)
    saved = tmp_path / "saved.json"
    window.controller.save_to(saved)
    qtbot.keyClick(window, Qt.Key_A)                 # the game on the table moves on
    on_table = window.controller.session
    asked = []
    window.confirm = lambda title, text, **_: asked.append(text) or False
    assert not window.load_path(str(saved))
    assert window.controller.session is on_table and "saved.json" in asked[0]
    window.confirm = lambda title, text, **_: asked.append(text) or True
    assert window.load_path(str(saved)) and window.controller.session is not on_table


def test_leaving_a_game_in_progress_offers_to_save_it_first(window, qtbot, tmp_path):
    """New game, Load or the tutorial ask what becomes of the game in progress: "Save…" keeps it
    in a file, then goes on (a save dialog cancelled goes nowhere); or leave it; or stay."""
    from ascension.core.session import Session
    window.start(TWO)
    qtbot.keyClick(window, Qt.Key_A)                 # the game on the table moves on
    on_table, other = window.controller.session, tmp_path / "other.json"
    window.controller.save_to(other)
    asked = []
    window.ask_leave = lambda title, text: asked.append(title) or "stay"
    assert not window.load_path(str(other)) and window.controller.session is on_table
    window.ask_leave = lambda title, text: "save"
    window.ask_save_path = lambda suggested: ""      # the save dialog cancelled: nothing is left
    assert not window.load_path(str(other)) and window.controller.session is on_table
    kept = tmp_path / "kept.json"
    window.ask_save_path = lambda suggested: str(kept)
    moves = list(on_table.game.answers)
    assert window.load_path(str(other)) and window.controller.session is not on_table
    assert Session.from_json(kept.read_text()).game.answers == moves   # the game left is in its file, whole
    assert asked == ["Replace this game?"]


def test_a_typed_save_name_gets_json_is_confirmed_and_load_lists_it(window, monkeypatch):
    window.start(TWO)
    folder = storage.data_dir() / "saves"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(folder / "monday"), "Saved games (*.json)"))
    window.save_game()
    assert (folder / "monday.json").is_file() and not (folder / "monday").exists()
    assert "monday.json" in window.statusBar().currentMessage()
    assert "monday.json" in QDir(str(folder)).entryList(["*.json"])      # the Load dialog's filter


def test_after_load_the_log_shows_the_game_and_undo_works(window, qtbot, tmp_path):
    window.start(TWO)
    play_turns(window, qtbot, 5)
    qtbot.keyClick(window, Qt.Key_A)
    saved = tmp_path / "saved.json"
    window.controller.save_to(saved)
    answers = len(window.controller.game.answers)
    window.controller.start(TWO)                     # another game on the table meanwhile
    assert window.load_path(str(saved))
    log = window.log_panel.toPlainText()
    assert "Bob's turn 4 begins." in log and "Ann's turn 5 begins." in log
    assert window.undo_action.isEnabled()
    window.undo_action.trigger()                     # takes back "play all", made before the save
    assert len(window.controller.game.answers) == answers - 1
    assert "Ann's turn 5 begins." in window.log_panel.toPlainText()


def test_after_resume_the_log_shows_the_game_and_undo_works(window, qtbot):
    window.start(TWO)
    play_turns(window, qtbot, 3)
    window.controller.session = None                 # the program starts again, from its autosave
    window._show_from_scratch()
    assert window.offer_resume()
    assert "Bob's turn 2 begins." in window.log_panel.toPlainText() and window.undo_action.isEnabled()


def test_a_staged_save_still_loads_without_its_log(window, tmp_path):
    window.start(TWO)
    set_resources(window.controller.game, 0, runes=9)   # no replay of the answers gives this state
    saved = tmp_path / "staged.json"
    window.controller.save_to(saved)
    assert window.load_path(str(saved))
    assert window.controller.game.players[0].runes == 9 and window.controller.game.log == []
    assert "staged.json" in window.notice.text() and "log starts here" in window.notice.text()


# ---------------------------------------------------------------------------- ending the turn
def test_end_turn_names_unspent_runes_power_and_constructs(window, qtbot):
    window.start(TWO)
    game = window.controller.game
    arrange(game, 0, hand=[], constructs=["Shadow Star"])
    set_resources(game, 0, runes=3, power=2)
    window.refresh()
    end = next(i for i, o in enumerate(window.controller.decision().options) if o[0] == "end")
    star = game.players[0].constructs[0]
    assert window.controller.session.unspent_if_ending(end) == Unspent(cards=0, runes=3, power=2, usable=(star,))
    asked = []
    window.confirm = lambda title, text, **_: asked.append(text) or False
    qtbot.keyClick(window, Qt.Key_E)
    assert "3 runes" in asked[0] and "2 power" in asked[0] and "Shadow Star" in asked[0]
    assert "in your hand" not in asked[0] and game.turn == 1


def test_end_turn_asks_nothing_when_nothing_is_left_to_spend(window, qtbot):
    window.start(TWO)
    game = window.controller.game
    arrange(game, 0, hand=[])
    set_row(game, ["Arha Templar", "Flytrap Witch", "Landtalker", "Master Dhartha", "Wolf Shaman", "Twofold Askara"])
    set_resources(game, 0, runes=1, power=1)         # nothing costs 1 here: nothing would be wasted
    window.refresh()
    asked = []
    window.confirm = lambda title, text, **_: asked.append(text) or False
    qtbot.keyClick(window, Qt.Key_E)
    assert asked == [] and game.turn == 2


# ---------------------------------------------------------------------------- the tutorial
def click_through(window, qtbot, steps) -> None:
    """Do what each step asks, by clicking: Next, the one outlined card, or End turn."""
    bar, t = window.tutorial_bar, window.tutorial
    for n, step in enumerate(steps):
        assert t.at == n and bar.title.text() == f"Tutorial · step {n + 1} of {len(t.steps)}"
        if step.kind is None:
            qtbot.mouseClick(bar.next_button, Qt.LeftButton)
            continue
        qtbot.waitUntil(lambda: window._my_decision() is not None, timeout=20000)
        if step.kind == "end":
            qtbot.mouseClick(window.decision.end_button, Qt.LeftButton)
            continue
        cards = actionable_cards(window)
        assert [c.card_name for c in cards] == [step.card], f"step {n + 1}: only {step.card} is outlined"
        qtbot.mouseClick(cards[0], Qt.LeftButton)


def test_the_welcome_pages_tutorial_button_starts_the_first_turn_tutorial(window, qtbot):
    button = next(b for b in window.findChildren(QPushButton) if b.text() == "Tutorial: your first turn…")
    qtbot.mouseClick(button, Qt.LeftButton)
    assert window.tutorial is not None and window.tutorial_bar.isVisible()


def test_the_first_turn_tutorial_can_be_clicked_through(window, qtbot):
    window.start_tutorial()
    assert window.tutorial_bar.isVisible() and window.controller.game.players[0].name == "Ann"
    assert actionable_cards(window) == []                      # the first step is read: Next
    qtbot.mouseClick(window.decision.end_button, Qt.LeftButton)  # a move it did not ask for...
    assert window.controller.game.answers == [] and "tutorial asks" in window.statusBar().currentMessage()
    click_through(window, qtbot, FIRST_TURN[:-1])
    t = window.tutorial
    assert t.finished and window.tutorial_bar.next_button.text() == "Close"
    game = window.controller.game
    assert game.turn > 1 and game.scores()[0]["tokens"] == 1     # the Cultist's honor
    qtbot.waitUntil(lambda: window.controller.human_to_move() == 0, timeout=20000)   # Bob played
    qtbot.mouseClick(window.tutorial_bar.next_button, Qt.LeftButton)
    assert not window.tutorial_bar.isVisible() and window.tutorial is None
    assert not storage.autosave_path().exists()               # practice: the autosave is untouched


def test_a_tutorial_step_is_not_taken_back(window, qtbot):
    window.start_tutorial()
    qtbot.mouseClick(window.tutorial_bar.next_button, Qt.LeftButton)
    qtbot.mouseClick(actionable_cards(window)[0], Qt.LeftButton)              # the Mystic
    assert window.tutorial.at == 2 and not window.undo_action.isEnabled()
    qtbot.keyClick(window, Qt.Key_Z, Qt.ControlModifier)
    assert len(window.controller.game.answers) == 1 and window.tutorial.at == 2


def test_the_tutorial_leaves_a_real_games_autosave_alone(window, qtbot):
    window.start(TWO)
    qtbot.keyClick(window, Qt.Key_A)
    kept = storage.autosave_path().read_text()
    window.start_tutorial()
    qtbot.mouseClick(window.tutorial_bar.next_button, Qt.LeftButton)
    qtbot.mouseClick(actionable_cards(window)[0], Qt.LeftButton)
    assert storage.autosave_path().read_text() == kept
    qtbot.mouseClick(window.tutorial_bar.leave_button, Qt.LeftButton)
    assert not window.tutorial_bar.isVisible() and len(actionable_cards(window)) > 1   # free play
    assert "practice game: not autosaved, not recorded" in window.status.text()   # (played on, it was kept nowhere unsaid)
    window.start(TWO)
    assert "practice" not in window.status.text()


def test_the_tutorial_opens_from_the_new_game_dialog_and_from_help(window, qtbot, monkeypatch):
    monkeypatch.setattr(SetupDialog, "exec", lambda self: self.tutorial_button.click() or self.result())
    window.new_game()
    assert window.tutorial is not None and window.tutorial.steps == FIRST_TURN
    window.show_help()
    qtbot.mouseClick(window.help_dialog.tutorial_buttons["legendary track"], Qt.LeftButton)
    assert window.tutorial.steps == TRACK_TOUR and window.table.track.isVisible()
    click_through(window, qtbot, TRACK_TOUR[:-1])
    qtbot.mouseClick(window.tutorial_bar.next_button, Qt.LeftButton)
    assert window.tutorial is None and window._my_decision() is not None   # the game plays on


def test_the_new_game_dialog_reports_the_tutorial_choice(qtbot):
    dlg = SetupDialog(storage.Settings())
    qtbot.addWidget(dlg)
    dlg.tutorial_button.click()
    assert dlg.result() == TUTORIAL
