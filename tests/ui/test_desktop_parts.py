"""The desktop window's parts: clicking cards, disabled reasons, undo, autosave/resume,
save/load errors, the setup dialog's checks and presets."""
import html

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from ascension.core.scenario import arrange
from ascension.ui.desktop import storage
from ascension.ui.desktop.panels import DecisionPanel
from ascension.ui.desktop.setup_dialog import SetupDialog
from clicker import seats

TWO = {"seats": seats("Ann", ("Bob", "greedy")), "sets": ["10th"], "variants": [], "seed": 7, "honor_pool": None}


def test_clicking_a_hand_card_plays_it_and_unaffordable_cards_say_why(window, qtbot):
    window.start(TWO)
    hand = window.table.hand.cards[0]
    name = hand.card_name
    center = window.table.center.cards
    pricey = next(c for c in center if not c.actionable)
    assert pricey.dimmed and pricey.reason.startswith("Need ")
    qtbot.mouseClick(hand, Qt.LeftButton)
    game = window.controller.game
    assert [game.card(c).name for c in game.players[0].played] == [name]
    assert window.table.in_play.shown == 1


def test_a_construct_out_of_reach_counts_mechana_runes_while_all_constructs_are_mechana(window, qtbot):
    window.start(TWO)
    game, controller = window.controller.game, window.controller
    construct = next(c for c in game.center_deck if game.card(c).type == "construct"
                     and "mechana" not in game.card(c).factions and game.card(c).cost >= 5)
    p = game.players[0]
    p.runes, p.mech_runes = 1, 2
    cost = game.card(construct).cost
    assert controller.why_not(construct, 0, "center") == f"Need {cost} runes to acquire (you have 1)"
    p.all_mechana = True   # Dimension Diver: every construct is Mechana this turn
    assert controller.why_not(construct, 0, "center") == \
        f"Need {cost} runes to acquire (you have 1 + 2 for Mechana constructs)"


def test_keyboard_play_all_end_turn_and_bot_turn(window, qtbot):
    window.start(TWO)
    qtbot.keyClick(window, Qt.Key_A)
    game = window.controller.game
    assert len(game.players[0].played) == 5 and not game.players[0].hand
    qtbot.keyClick(window, Qt.Key_E)
    qtbot.waitUntil(lambda: window.controller.human_to_move() == 0)
    assert window.controller.game.turn == 3
    assert "Bob's turn 2 begins." in window.log_panel.toPlainText()


def test_effect_choice_shows_prompt_source_and_buttons(window, qtbot):
    window.start(TWO)
    game = window.controller.game
    arrange(game, 0, hand=["Seer of the Forked Path", "Apprentice", "Apprentice", "Apprentice", "Apprentice"])
    window.refresh()
    seer = next(c for c in window.table.hand.cards if c.card_name == "Seer of the Forked Path")
    qtbot.mouseClick(seer, Qt.LeftButton)
    dec = window.controller.decision()
    assert dec.kind == "choose_card" and "banish" in dec.prompt.lower()
    assert window.decision.source.isVisible() and window.decision.source.card_name == "Seer of the Forked Path"
    buttons = window.decision.choice_buttons
    assert len(buttons) == len(dec.options)
    assert [b.toolTip() for b in buttons] == [window.controller.game.label(o) for o in dec.options]
    choosable = [c for c in window.table.center.cards if c.highlight == "choice"]
    assert len(choosable) >= 1
    qtbot.keyClick(window, Qt.Key_1)          # digit shortcuts press the option buttons
    assert window.controller.decision().kind == "action"
    assert any(e.kind == "banished" for e in window.controller.game.log)


def test_a_card_standing_for_two_actions_opens_a_menu(window, qtbot):
    window.start({"seats": seats("Ann", ("Bob", "greedy"), ("Cat", "greedy"), ("Dan", "greedy")),
                  "sets": ["10th"], "variants": ["teams"], "seed": 1, "honor_pool": None})
    game = window.controller.game
    arrange(game, 0, hand=["Mystic", "Mystic", "Mystic", "Apprentice", "Apprentice"])
    window.refresh()
    qtbot.keyClick(window, Qt.Key_A)
    mystic_pile = next(t for t in window.table.pile_widgets if t.card_name == "Mystic")
    assert mystic_pile.actionable
    qtbot.mouseClick(mystic_pile, Qt.LeftButton)
    labels = [a.text() for a in window.card_menu.actions()]
    assert labels[0].startswith("Acquire Mystic") and "for Cat" in labels[1]
    window.card_menu.actions()[1].trigger()
    assert any(game.card(c).name == "Mystic" for c in window.controller.game.players[2].discard)


def test_undo_takes_back_a_play(window, qtbot):
    window.start(TWO)
    assert not window.undo_action.isEnabled()
    qtbot.mouseClick(window.table.hand.cards[0], Qt.LeftButton)
    assert window.undo_action.isEnabled()
    window.undo_action.trigger()
    assert len(window.controller.game.players[0].hand) == 5 and not window.controller.session.assisted


def test_undo_after_a_reveal_asks_and_marks_the_game_assisted(window, qtbot):
    window.start(TWO)
    qtbot.keyClick(window, Qt.Key_A)
    qtbot.keyClick(window, Qt.Key_E)           # the new hand is drawn: a reveal
    qtbot.waitUntil(lambda: window.controller.human_to_move() == 0)
    asked = []
    window.confirm = lambda title, text, **_: asked.append(title) or False
    window.undo_action.trigger()
    assert asked and window.controller.game.turn == 3       # declined: nothing changed
    window.confirm = lambda title, text, **_: True
    window.undo_action.trigger()
    assert window.controller.game.turn == 1 and window.controller.session.assisted
    assert "assisted" in window.status.text()


def test_autosave_after_every_answer_and_resume(window, qtbot):
    window.start(TWO)
    qtbot.mouseClick(window.table.hand.cards[0], Qt.LeftButton)
    path = storage.autosave_path()
    saved = path.read_text()
    assert saved == window.controller.session.to_json()
    other = type(window)(type(window.controller)(autosave=path), storage.Settings())
    qtbot.addWidget(other)
    other.confirm = lambda title, text, **_: True
    assert other.offer_resume()
    assert other.controller.session.to_json() == saved


def test_save_and_load_and_a_bad_file_loses_nothing(window, qtbot, tmp_path, monkeypatch):
    window.start(TWO)
    qtbot.mouseClick(window.table.hand.cards[0], Qt.LeftButton)
    good = tmp_path / "game.json"
    window.controller.save_to(good)
    before = window.controller.session.to_json()
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1, "seats": []}')
    warned = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: warned.append(a[2]))
    assert not window.load_path(str(bad))
    assert warned and window.controller.session.to_json() == before
    assert window.load_path(str(good))
    assert window.controller.session.to_json() == before


def test_setup_dialog_explains_impossible_games(qtbot):
    dlg = SetupDialog(storage.Settings())
    qtbot.addWidget(dlg)
    assert dlg.start_button.isEnabled()
    dlg.variant_checks["teams"].setChecked(True)
    assert not dlg.start_button.isEnabled() and "team play needs 4 or 6" in dlg.error.text().lower()
    dlg.count.setValue(4)
    assert dlg.start_button.isEnabled() and dlg.teams_label.text() == "Teams: Ann & Cat  vs  Bob & Dan"
    dlg.variant_checks["teams"].setChecked(False)
    dlg.variant_checks["samael"].setChecked(True)
    assert not dlg.start_button.isEnabled()
    dlg.count.setValue(1)
    assert dlg.start_button.isEnabled() and dlg.pool.value() == 50
    for box in dlg.set_checks.values():
        box.setChecked(False)
    assert not dlg.start_button.isEnabled() and "set" in dlg.error.text()


def test_enter_in_the_setup_dialog_starts_the_game(qtbot, monkeypatch):
    """Enter opened "Save as preset…" (Start was made the default before it was in the dialog)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QInputDialog
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: pytest.fail("Enter asked for a preset's name"))
    dlg = SetupDialog(storage.Settings())
    qtbot.addWidget(dlg)
    dlg.show()
    assert [b.text() for b in dlg.findChildren(type(dlg.start_button)) if b.isDefault()] == ["Start"]
    for focused in (dlg, dlg.save_preset_button, dlg.tutorial_button):
        dlg.setResult(0)
        dlg.show()
        focused.setFocus()
        qtbot.keyClick(focused, Qt.Key_Return)
        assert dlg.result() == SetupDialog.Accepted


def test_setup_dialog_refuses_a_seed_no_game_can_hold_before_start(qtbot):
    dlg = SetupDialog(storage.Settings())
    qtbot.addWidget(dlg)
    dlg.seed.setText("9" * 30)
    assert not dlg.start_button.isEnabled()
    assert dlg.error.text() == (f"Seed {'9' * 30}: a seed is a whole number from -9223372036854775808 to "
                                "9223372036854775807.")
    dlg.seed.setText("9223372036854775808")   # 2**63: a game the history could never record
    assert not dlg.start_button.isEnabled()
    dlg.seed.setText("9223372036854775807")   # the largest the history stores (a random seed may be that large)
    assert dlg.start_button.isEnabled()
    for typed in ("12²", "١٢٣"):   # digits to str.isdigit, not to int() (a superscript raised at every keystroke)
        dlg.seed.setText(typed)
        assert not dlg.start_button.isEnabled() and dlg.error.text() == (
            "The seed must be a whole number (or empty for a random one).")


def test_setup_dialog_remembers_presets(qtbot, monkeypatch):
    settings = storage.Settings()
    dlg = SetupDialog(settings)
    qtbot.addWidget(dlg)
    dlg.count.setValue(3)
    dlg.seat_rows[2].name.setText("Zed")
    monkeypatch.setattr("ascension.ui.desktop.setup_dialog.QInputDialog.getText", lambda *a: ("three", True))
    dlg._save_preset()
    again = SetupDialog(storage.Settings())
    qtbot.addWidget(again)
    again._load_preset(again.preset_box.findData("three"))
    assert again.count.value() == 3 and again.seat_rows[2].name.text() == "Zed"


def test_setup_dialog_draws_the_first_player_unless_told_otherwise(qtbot):
    dlg = SetupDialog(storage.Settings())
    qtbot.addWidget(dlg)
    assert dlg.setup()["first_player"] == "random"      # the rulebook's way, by default
    dlg.first_player.setCurrentIndex(dlg.first_player.findData("as seated"))
    chosen = dlg.setup()
    assert chosen["first_player"] == "as seated"
    again = SetupDialog(storage.Settings(), chosen)
    qtbot.addWidget(again)
    assert again.setup()["first_player"] == "as seated"


def test_window_resizes_down_to_1280_by_720(window):
    window.start(TWO)
    for size in ((1280, 720), (1600, 900), (1920, 1080)):
        window.resize(*size)
        window.refresh()
        t = window.table
        w, h = t.card_size()
        assert w >= 100, size                  # cards stay readable
        assert t.hand.geometry().bottom() <= t.height(), size
        assert t.center.geometry().right() <= t.width(), size


def test_end_screen_explains_a_tie_break(window):
    window.start(TWO)
    g = window.controller.game
    for seat, p in enumerate(g.players):   # both at 15 honor; Bob (seat 1) took a turn last
        p.honor = 15 - g.card_honor(seat)
    g.last_turn = [9, 10]
    window.on_finished(window.controller.summary())
    assert window.end_page.title.text() == "Bob wins!"
    assert "tied at 15" in window.end_page.notes.text() and "most recently: Bob" in window.end_page.notes.text()


def test_zones_open_as_lists(window, qtbot):
    from ascension.ui.desktop.panels import ZoneDialog
    window.start(TWO)
    qtbot.keyClick(window, Qt.Key_A)
    window.open_zone("in_play", 0)
    dialogs = [w for w in window.findChildren(ZoneDialog)]
    assert dialogs and dialogs[-1].model.rowCount() == 5
    qtbot.mouseClick(window.table.void_button, Qt.LeftButton)
    assert window.findChildren(ZoneDialog)[-1].windowTitle() == "The Void"


def test_bots_move_on_a_timer_and_can_be_skipped(window, qtbot):
    window.speed_box.setCurrentIndex(window.speed_box.findData("fast"))
    window.start(TWO)
    qtbot.keyClick(window, Qt.Key_E)
    c = window.controller
    assert c.session.waiting_for_bot()           # the click returned before the bot moved
    assert window.decision.skip_button.isVisibleTo(window.decision) and "Bob is playing" in window.decision.title.text()
    mark = len(c.game.log)
    qtbot.waitUntil(lambda: len(c.game.log) > mark, timeout=3000)     # one bot step, then a pause
    assert c.session.waiting_for_bot()
    qtbot.keyClick(window, Qt.Key_S)             # skip to the next human decision
    qtbot.waitUntil(lambda: c.human_to_move() == 0, timeout=5000)
    assert c.game.turn == 3


def test_right_click_zooms_and_tooltips_say_why(window, qtbot):
    from ascension.ui.desktop.cards import CardZoom
    window.start(TWO)
    qtbot.mouseClick(window.table.hand.cards[0], Qt.LeftButton)
    played = window.table.in_play.cards[0]
    assert not played.actionable and played.reason == "Played this turn"
    assert "Played this turn" in played.toolTip()
    card = window.table.center.cards[0]
    qtbot.mouseClick(card, Qt.RightButton)
    zooms = window.findChildren(CardZoom)
    assert zooms and zooms[-1].windowTitle() == card.card_name
    qtbot.mouseClick(window.decision.end_button, Qt.LeftButton)    # Bob's turn: his timer has not fired yet
    assert window.table.hand.cards[0].reason.startswith("Not your turn (Bob")


def test_a_slow_bot_thinks_without_freezing_the_window(window, qtbot):
    import time
    window.start(TWO)
    bot = window.controller.session.bots[1]
    fast_choose = bot.choose

    def slow_choose(view, decision):
        time.sleep(0.3)                      # a searching bot taking its time
        return fast_choose(view, decision)

    bot.choose = slow_choose
    qtbot.mouseClick(window.decision.end_button, Qt.LeftButton)
    start = time.perf_counter()
    qtbot.wait(30)                           # the event loop keeps turning meanwhile
    assert time.perf_counter() - start < 0.2
    assert window.controller.session.waiting_for_bot() and "Bob is playing" in window.decision.title.text()
    qtbot.waitUntil(lambda: window.controller.human_to_move() == 0, timeout=30000)


def test_setup_dialog_lets_players_pick_legendary_characters(qtbot):
    dlg = SetupDialog(storage.Settings(), {"seats": seats("Ann", ("Bob", "greedy")), "sets": ["10th"],
                                           "variants": ["legendary"], "honor_pool": None, "seed": 4})
    qtbot.addWidget(dlg)
    combos = {c["path"][-1]: combo for c, combo in dlg.choice_boxes}
    assert set(combos) == {"enlightened", "lifebound", "mechana", "void"}
    void = combos["void"]
    assert void.itemText(0) == "Random" and void.count() == 3   # Random or one of two characters
    void.setCurrentIndex(2)
    picked = void.currentData()
    setup = dlg.setup()
    assert setup["options"] == {"legendary": {"characters": {"void": picked}}}
    assert dlg.start_button.isEnabled()
    from ascension.ui.desktop.controller import Controller
    c = Controller()
    c.start(setup)
    chars = c.game.ext["legendary"]["characters"]
    assert c.game.card(chars["void"]).id.endswith("." + picked)
    dlg.variant_checks["legendary"].setChecked(False)
    assert dlg.setup()["options"] == {}


def test_why_shows_each_bot_move_with_its_reason(window, qtbot):
    window.start({"seats": seats("Ann", ("Bob", "medium")), "sets": ["10th"], "variants": [],
                  "seed": 7, "honor_pool": 30})
    assert not window.why_action.isEnabled()                # no bot has moved yet
    qtbot.mouseClick(window.decision.end_button, Qt.LeftButton)
    qtbot.waitUntil(lambda: window.controller.human_to_move() == 0, timeout=20000)
    assert window.why_action.isEnabled()
    window.why_action.trigger()
    text = window.reasons_dialog.text.toPlainText()
    assert text.count("Turn 2 · Bob (medium): ") == len(window.controller.session.recent_bot_moves()) >= 2
    assert "Bob (medium): End turn" in text
    assert "Acquire" in text or "Defeat" in text


def test_long_option_labels_are_shortened_to_the_panel_never_scrolled_sideways(qtbot):
    panel = DecisionPanel(lambda: [])
    qtbot.addWidget(panel)
    long_label = "Use Yggdrasil Staff: Any time on your turn: pay 4 runes to gain 3 honor (center row)"
    panel.show_decision("Ann: choose", "", [(0, long_label), (1, "None")])
    panel.resize(300, 500)
    panel.show()
    qtbot.waitUntil(lambda: panel.choice_buttons[0].width() > 0)
    room = panel.scroll.viewport().width()
    first = panel.choice_buttons[0]
    assert first.width() <= room and first.fontMetrics().horizontalAdvance(first.text()) < first.width()
    assert first.text().endswith("…") and first.toolTip() == long_label
    assert panel.choice_buttons[1].text() == "2. None"


def test_help_opens_with_f1_and_documents_every_key_of_the_window(window, qtbot):
    from PySide6.QtGui import QAction, QShortcut
    qtbot.keyClick(window, Qt.Key_F1)
    first = window.help_dialog
    window.show_help()                                   # again: the same window comes forward
    assert window.help_dialog is first
    help_text = window.help_dialog.text.toPlainText()
    assert window.help_dialog.isVisible() and "Your turn" in help_text and "Rulings" in help_text
    keys = {a.shortcut().toString() for a in window.findChildren(QAction)} | \
           {s.key().toString() for s in window.findChildren(QShortcut)}
    keys.discard("")
    digits = {k for k in keys if k.isdigit()}
    assert digits == {str(n) for n in range(1, 10)} and "1 – 9" in help_text
    cells = set(help_text.splitlines())   # the keys table: one cell per line in plain text
    assert not keys - digits - cells, f"keys not in the help: {sorted(keys - digits - cells)}"


def test_hint_shows_the_medium_bots_move_and_reason_until_the_answer(window, qtbot):
    from ascension.core.bots import make_bot
    window.start(TWO)
    game = window.controller.game
    before = list(game.answers)
    panel = window.decision
    assert panel.hint_button.isVisible() and not panel.hint_text.isVisible()
    qtbot.keyClick(window, Qt.Key_H)
    medium = make_bot("medium", game.ctx.defs, game.seed, 0)
    dec = game.decision()
    expected = game.label(dec.options[medium.choose(game.view(0), dec)])
    assert panel.hint_text.isVisible() and f"Hint: {expected}" in panel.hint_text.text()
    assert not panel.hint_button.isVisible() and game.answers == before   # a hint answers nothing
    window.refresh()                                                      # kept while the decision stands
    assert panel.hint_text.isVisible()
    qtbot.keyClick(window, Qt.Key_A)                                      # answered: the hint is gone
    assert not panel.hint_text.isVisible() and panel.hint_button.isVisible()
    window.controller.set_speed("slow")                                   # the bot waits a second to move
    qtbot.keyClick(window, Qt.Key_E)
    assert window.controller.human_to_move() is None                      # the bot's turn: no hint to give
    qtbot.keyClick(window, Qt.Key_H)
    assert not panel.hint_text.isVisible() and not panel.hint_button.isVisible()


def test_card_gallery_finds_cards_by_set_text_type_and_faction(window, qtbot):
    from ascension.core.match import load_set
    qtbot.keyClick(window, Qt.Key_C)
    g = window.gallery
    g.set_box.setCurrentIndex(g.set_box.findData("10th"))
    tenth = load_set("10th")
    assert g.model.rowCount() == len(tenth.center) + len(tenth.always) + len(tenth.starting)   # 48 + 3 + 2
    assert "48 center cards, 100 copies" in g.count.text()
    g.kind_box.setCurrentIndex(g.kind_box.findData("monster"))
    names = [g.model.defs[r].name for r in range(g.model.rowCount())]
    assert "Cultist" in names and all(g.model.defs[r].type == "monster" for r in range(g.model.rowCount()))
    g.kind_box.setCurrentIndex(0)
    g.faction_box.setCurrentIndex(g.faction_box.findData("mechana"))
    qtbot.keyClicks(g.search, "draw")
    found = [g.model.defs[r] for r in range(g.model.rowCount())]
    assert found and all("mechana" in d.factions and "draw" in d.text.lower() for d in found)
    g.view.setCurrentIndex(g.model.index(len(found) - 1))
    assert g.preview.card_name == found[-1].name
    g.set_box.setCurrentIndex(g.set_box.findData("legends"))   # another set: the preview follows
    assert g.preview.card_name == g.model.defs[0].name
    g.search.clear()
    g.kind_box.setCurrentIndex(0)
    g.faction_box.setCurrentIndex(0)
    rows = {g.model.defs[r].name: g.model.data(g.model.index(r)) for r in range(g.model.rowCount())}
    assert rows["Emri"] == "Emri  (legend) · Legendary Character"          # never bought: no price
    assert rows["Apprentice"] == "Apprentice  (hero) · starting deck"
    assert rows["Mystic"].startswith("Mystic  (hero, 3 runes)")
    apprentice = g.model.index(list(rows).index("Apprentice"))
    assert "Cost" not in g.model.data(apprentice, Qt.ToolTipRole)
    qtbot.keyClicks(g.search, " no card says this")
    assert g.model.rowCount() == 0 and not g.preview.isVisible() and g.count.text().startswith("0 of ")


def test_your_hand_is_yours_during_the_bots_turn_too(window, qtbot):
    window.start(TWO)
    table = window.table
    assert table.hand_label.text().startswith("Your hand") and "Your cards in play" in table.play_label.text()
    window.controller.set_speed("slow")                 # the bot waits: its turn is on the table
    qtbot.keyClick(window, Qt.Key_E)
    assert window.controller.human_to_move() is None
    assert table.hand_label.text().startswith("Your hand") and "(Ann, 5 cards)" in table.hand_label.text()
    assert "Bob's cards in play" in table.play_label.text()


def test_cards_can_be_played_and_zoomed_from_the_keyboard(window, qtbot):
    from ascension.ui.desktop.cards import CardZoom
    window.start(TWO)
    game = window.controller.game
    card = window.table.hand.cards[0]
    name = card.card_name
    card.setFocus()
    assert card.hasFocus() and card.focusPolicy() & Qt.TabFocus
    qtbot.keyClick(card, Qt.Key_Z)                                      # Z: the card, large
    assert window.findChildren(CardZoom)[-1].windowTitle() == name
    qtbot.keyClick(card, Qt.Key_Return)                                 # Enter: what a click does
    assert [game.card(c).name for c in game.players[0].played] == [name]
    pricey = next(c for c in window.table.center.cards if not c.actionable)
    pricey.setFocus()
    qtbot.keyClick(pricey, Qt.Key_Space)                                # nothing it may do: nothing happens
    assert len(game.players[0].played) == 1 and pricey.iid in game.center_row


def test_the_window_reopens_where_it_was_closed(qtbot):
    from ascension.ui.desktop.app import MainWindow
    from ascension.ui.desktop.controller import Controller
    first = MainWindow(Controller(autosave=None), storage.Settings())
    qtbot.addWidget(first)
    first.show()
    first.move(37, 41)
    first.resize(1100, 700)
    where = first.geometry()
    first.close()
    again = MainWindow(Controller(autosave=None), storage.Settings())
    qtbot.addWidget(again)
    assert again.restore_geometry()
    # the offscreen screen is 800 pixels wide: Qt fits the width to it, the rest comes back as it was
    assert (again.geometry().y(), again.geometry().height()) == (where.y(), where.height())
    damaged = storage.Settings()
    damaged.data["window"] = "not a geometry"
    damaged.save()
    third = MainWindow(Controller(autosave=None), storage.Settings())
    qtbot.addWidget(third)
    screen = third.screen().availableGeometry()
    assert not third.restore_geometry() and third.width() == min(1280, screen.width())   # ignored: the default stays
    damaged.data["window"] = "AdnQywAD…ÿ"   # a slip in the file that is no ASCII: the program did not start
    damaged.save()
    fourth = MainWindow(Controller(autosave=None), storage.Settings())
    qtbot.addWidget(fourth)
    assert not fourth.restore_geometry() and fourth.width() == min(1280, screen.width())


def test_the_window_and_the_setup_dialog_fit_a_small_screen(qtbot, monkeypatch):
    """On a 1024x600 screen (or one scaled up) the window opened at 1280x720 with a minimum of
    1024x640, and the New game dialog's Start and Cancel were below the screen's edge."""
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QScreen
    from ascension.ui.desktop.app import MainWindow
    from ascension.ui.desktop.controller import Controller
    small = QRect(0, 0, 1024, 600)
    monkeypatch.setattr(QScreen, "availableGeometry", lambda self: small)
    window = MainWindow(Controller(autosave=None), storage.Settings())
    qtbot.addWidget(window)
    assert window.width() <= 1024 and window.height() <= 600 and window.minimumHeight() <= 600
    dlg = SetupDialog(storage.Settings(), parent=window)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.wait(50)   # (laid out at its new size)
    assert small.contains(dlg.frameGeometry())
    start = dlg.start_button.mapTo(dlg, dlg.start_button.rect().bottomRight())
    assert dlg.rect().contains(start) and dlg.start_button.isVisible()
    assert dlg.content.minimumHeight() > dlg.scroll.viewport().height()   # the choices scroll instead
    assert not dlg.scroll.horizontalScrollBar().isVisible()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_on_an_800_pixel_screen_the_center_row_and_its_counts_fit_the_table(qtbot, monkeypatch, lang):
    """At 800x600 the center row's sixth card was cut and its title line ("Honor pool: ⬢ 60 / 60")
    clipped: the counts go short where the row is narrow, their words in the tooltips."""
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QScreen
    from ascension.core import i18n
    from ascension.ui.desktop.app import MainWindow
    from ascension.ui.desktop.controller import Controller
    monkeypatch.setattr(QScreen, "availableGeometry", lambda self: QRect(0, 0, 800, 600))
    i18n.set_language(lang)
    try:
        window = MainWindow(Controller(autosave=None), storage.Settings())
        qtbot.addWidget(window)
        window.confirm = lambda *a: True
        window.show()
        window.start(TWO)
        qtbot.wait(50)
        table = window.table
        assert window.width() <= 800
        sixth = table.center.cards[5]
        assert table.rect().contains(QRect(sixth.mapTo(table, sixth.rect().topLeft()), sixth.size()))
        for label in (table.center_title, table.deck_label, table.pool_label):
            assert label.width() >= label.sizeHint().width(), label.text()   # nothing clipped
        assert table.pool_label.toolTip() == i18n._("Honor pool: ⬢ {left} / {total}").format(left=60, total=60)
        assert table.pool_label.text() == "⬢ 60 / 60"
        monkeypatch.setattr(QScreen, "availableGeometry", lambda self: QRect(0, 0, 1600, 900))
        window.resize(1280, 720)   # room again: the counts in words
        qtbot.wait(50)
        assert table.pool_label.text() == table.pool_label.toolTip()
    finally:
        i18n.set_language("en")


def test_center_cards_dealt_since_your_last_move_are_marked_new(window, qtbot):
    window.start(TWO)
    game = window.controller.game
    center = window.table.center.cards
    assert not any(c.new for c in center)                       # nothing is new before your first move
    qtbot.keyClick(window, Qt.Key_A)
    target = next(c for c in center if c.actionable and game.card(c.iid).type != "monster")
    slot = center.index(target)
    qtbot.mouseClick(target, Qt.LeftButton)                      # acquired: its slot is dealt again
    fresh = center[slot]
    assert fresh.iid == game.center_row[slot] and fresh.new and fresh.toolTip().count("New since your last move")
    assert [c.new for c in center] == [i == slot for i in range(len(center))]
    qtbot.keyClick(window, Qt.Key_E)                             # Bob's turn, then yours again
    qtbot.waitUntil(lambda: window.controller.human_to_move() == 0)
    log = game.log
    bobs_turn = max(i for i, e in enumerate(log) if e.kind == "turn_started" and e.seat == 1)
    dealt_then = {e.card for e in log[bobs_turn:] if e.kind == "center_dealt"} & set(game.center_row)
    assert {c.iid for c in center if c.new} == dealt_then     # what Bob's turn brought in


def test_your_deck_opens_sorted_and_no_one_elses_does(window, qtbot):
    from ascension.ui.desktop.panels import ZoneDialog
    window.start(TWO)
    game = window.controller.game
    mine, bobs = window.table.seat_panels
    assert mine.deck.isEnabled() and not bobs.deck.isEnabled()
    qtbot.mouseClick(mine.deck, Qt.LeftButton)
    dialog = window.findChildren(ZoneDialog)[-1]
    shown = [game.name_of(dialog.model.cards[r]) for r in range(dialog.model.rowCount())]
    assert "deck, in no particular order" in dialog.windowTitle()
    assert shown == sorted(game.name_of(c) for c in game.players[0].deck)
    before = len(window.findChildren(ZoneDialog))
    window.open_zone("deck", 1)                              # Bob's deck: not yours to look through
    assert len(window.findChildren(ZoneDialog)) == before


def test_ending_the_turn_with_cards_unplayed_asks_first(window, qtbot):
    window.start(TWO)
    game = window.controller.game
    asked = []
    window.confirm = lambda title, text, **_: asked.append(text) or False    # "No": the turn goes on
    qtbot.keyClick(window, Qt.Key_E)
    assert len(asked) == 1 and "5 cards in your hand that you can still play" in asked[0]
    assert game.current == 0 and game.turn == 1
    qtbot.mouseClick(window.decision.end_button, Qt.LeftButton)       # the button asks the same
    assert len(asked) == 2 and game.turn == 1
    qtbot.keyClick(window, Qt.Key_A)             # all played: no question about cards (runes may be left)
    window.confirm = lambda title, text, **_: asked.append(text) or True
    qtbot.keyClick(window, Qt.Key_E)
    assert all("in your hand" not in text for text in asked[2:]) and game.turn > 1


def test_play_all_is_enabled_only_while_two_or_more_cards_would_play(window, qtbot):
    window.start(TWO)
    game = window.controller.game
    arrange(game, 0, hand=["Seer of the Forked Path", "Apprentice"])   # one card that asks nothing
    game.edited()
    window.refresh()
    assert not window.decision.play_all_button.isEnabled()
    arrange(game, 0, hand=["Seer of the Forked Path", "Apprentice", "Militia"])
    game.edited()
    window.refresh()
    assert window.decision.play_all_button.isEnabled()
    qtbot.keyClick(window, Qt.Key_A)
    assert [game.name_of(c) for c in window.controller.game.players[0].hand] == ["Seer of the Forked Path"]
    window.refresh()
    assert not window.decision.play_all_button.isEnabled()   # one card left, and it asks a choice


def test_a_name_that_looks_like_markup_is_shown_as_written(window, qtbot):
    """Names are typed freely: "Ann <3" lost its "<3" on the table, and "<b>Bo</b>" came out as
    a bold "Bo" (its seat panel, the hand's title, the decision panel's title, the honor race)."""
    from PySide6.QtGui import QTextDocument
    from ascension.ui.desktop.charts import HonorRaceChart

    def shown(label):
        if label.textFormat() == Qt.PlainText:
            return label.text()
        doc = QTextDocument()
        doc.setHtml(label.text())
        return doc.toPlainText()

    ann, bob = "Ann <3 &amp; <i>x</i>", "<b>Bo</b>"
    window.start({"seats": seats(ann, (bob, "greedy")), "sets": ["10th"], "variants": [], "seed": 7,
                  "honor_pool": None})
    table = window.table
    assert ann in shown(table.seat_panels[0].name) and shown(table.seat_panels[1].name) == bob
    assert f"({ann}, 5 cards)" in shown(table.hand_label)
    assert shown(window.decision.title) == f"Your turn, {ann}"
    race = HonorRaceChart()
    qtbot.addWidget(race)
    race.show_race([ann, bob], [[1, 0], [1, 3]])
    assert shown(race.story).startswith(f"{ann} led for 1 of 2 turns")
    legend = {item.name() for item in race.plot.listDataItems()}
    assert legend == {html.escape(ann), html.escape(bob)}   # (pyqtgraph's legend is HTML: escaped, it reads as written)


def test_the_keyboard_focus_starts_on_the_table_and_an_arrow_key_never_changes_the_bot_speed(window, qtbot):
    """The focus fell onto the toolbar's Bot speed box (when a game began, and after an answer
    given with a button): an arrow key then changed the bot speed, unseen, and one Tab further
    the language, which rebuilt the window."""
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication
    from ascension.ui.desktop.cards import CardWidget
    window.show()
    window.activateWindow()
    window.start(TWO)
    qtbot.wait(20)
    focus = QApplication.focusWidget()
    assert window.play_page.isAncestorOf(focus), focus   # on the table: a card that can act, or an answer
    assert (isinstance(focus, CardWidget) and focus.actionable) or focus in (window.decision.play_all_button,
                                                                              window.decision.end_button), focus
    speed, language = window.speed_box.currentData(), window.language_box.currentData()
    for key in (Qt.Key_Down, Qt.Key_Tab, Qt.Key_Down, Qt.Key_Up):
        QTest.keyClick(QApplication.focusWidget() or window, key)
    assert (window.speed_box.currentData(), window.language_box.currentData()) == (speed, language)
    assert window.speed_box.focusPolicy() == window.language_box.focusPolicy() == Qt.ClickFocus


def test_a_key_still_pressed_by_the_player_who_ended_the_turn_does_not_show_the_next_hand(window, qtbot,
                                                                                            monkeypatch):
    """Hot seat: Ann ended her turn with E, the focus sat on "I am Bob: show my cards", and her
    next Space showed her Bob's hand. Keys wait a moment after the screen comes up; a click does not."""
    from PySide6.QtTest import QTest
    from ascension.ui.desktop import panels
    window.start({"seats": seats("Ann", "Bob"), "sets": ["10th"], "variants": [], "seed": 3, "honor_pool": 8})
    button = window.pass_page.button
    button.setFocus()
    QTest.keyClick(button, Qt.Key_Space)
    assert window.stack.currentWidget() is window.pass_page and window.table.hand.shown == 0
    monkeypatch.setattr(panels.SettlingButton, "SETTLE_S", 0.0)   # (a moment later)
    QTest.keyClick(button, Qt.Key_Space)
    assert window.stack.currentWidget() is window.play_page and window.table.hand.shown == 5


def test_a_question_that_gives_something_up_answers_no_by_default_and_resume_yes(qtbot, monkeypatch):
    """"End your turn?" had Yes as its default: a Space or Enter still pressed ended the turn with
    its runes unspent. Questions default to No; Resume to Yes, as No there lets the game go."""
    from PySide6.QtWidgets import QMessageBox
    from ascension.ui.desktop.app import MainWindow
    from ascension.ui.desktop.controller import Controller
    defaults = []
    monkeypatch.setattr(QMessageBox, "question", lambda parent, title, text, buttons, default: defaults.append(default)
                        or QMessageBox.No)
    window = MainWindow(Controller(autosave=None), storage.Settings())
    qtbot.addWidget(window)
    assert window.confirm("End your turn?", "You still have 3 runes.") is False
    window.confirm("Resume?", "A game in progress was saved.", yes_by_default=True)
    assert defaults == [QMessageBox.No, QMessageBox.Yes]


def test_enter_presses_the_focused_button_of_the_table_as_space_does(window, qtbot):
    """Enter did nothing on Play all, End turn, Hint and the numbered answers (only Space did),
    though it works on cards and in every dialog."""
    from PySide6.QtTest import QTest
    window.show()
    window.start(TWO)
    game = window.controller.game
    in_hand = len(game.players[0].hand)
    window.decision.play_all_button.setFocus()
    QTest.keyClick(window.decision.play_all_button, Qt.Key_Return)
    assert len(game.players[0].hand) < in_hand
