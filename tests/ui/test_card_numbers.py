"""The Cards window's estimated numbers: marked as estimated or printed, corrected by typing the
printed ones (written to the player's override file, checked first), back to the estimates on
request; games already started or saved keep the numbers they were played with."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from ascension.core import overrides
from ascension.ui.desktop.cards import FACES
from clicker import seats

SHOTS = Path("/tmp/card-numbers")


def open_card(window, qtbot, name: str):
    qtbot.keyClick(window, Qt.Key_C)
    g = window.gallery
    g.set_box.setCurrentIndex(g.set_box.findData("legends"))
    g.search.setText(name)
    assert g.card.name == name
    return g


def fill_and_save(qtbot, form, **typed):
    for key, text in typed.items():
        form.edits[key].setText(text)
    qtbot.mouseClick(form.findChild(QDialogButtonBox).button(QDialogButtonBox.Save), Qt.LeftButton)


def test_estimated_numbers_are_marked_and_corrected_in_the_cards_window(window, qtbot, override_config):
    g = open_card(window, qtbot, "Pathseeker Sensei")
    assert g.numbers.text() == "Cost 4 (estimated)\nHonor 2 (estimated)\nCopies 2 (estimated)"
    assert g.correct_button.isVisible() and not g.estimate_button.isVisible()
    qtbot.mouseClick(g.correct_button, Qt.LeftButton)
    form = g.form
    assert form.isVisible() and {k: e.text() for k, e in form.edits.items()} == {"cost": "4", "honor": "2", "copies": "2"}
    path = override_config / "overrides.toml"
    assert str(path) in form.findChildren(type(g.numbers))[0].text()

    for typed, expected in [({"cost": "-1"}, "field 'cost': expected a whole number of at least 0, not -1"),
                            ({"cost": "4", "copies": "0"}, "field 'copies': expected a whole number of at least 1, not 0"),
                            ({"copies": "1000"}, "field 'copies': expected a whole number of at most 100, not 1000"),
                            ({"copies": "2", "honor": "three"}, "field 'honor': expected a whole number of at least 0, "
                                                                "not 'three'")]:
        fill_and_save(qtbot, form, **typed)
        assert form.isVisible() and form.problem.isVisible()
        assert form.problem.text() == f"{path}: [cards.legends.pathseeker_sensei]: {expected}"
        assert not path.exists() and g.card.cost == 4   # refused: nothing written, nothing changed
    SHOTS.mkdir(exist_ok=True)
    form.grab().save(str(SHOTS / "form-refused.png"))

    fill_and_save(qtbot, form, cost=" 5 ", honor="3", copies="2")
    assert not form.isVisible()
    assert overrides.read(path) == {"legends": {"pathseeker_sensei": {"cost": 5, "honor": 3, "copies": 2}}}
    assert g.card.name == "Pathseeker Sensei" and (g.card.cost, g.card.estimated) == (5, ())
    assert g.model.data(g.view.currentIndex()).startswith("Pathseeker Sensei  (hero, 5 runes) ×2")
    assert g.preview.defs[g.preview.iid].cost == 5
    assert g.numbers.text() == ("Cost 5 (printed, your number)\nHonor 3 (printed, your number)\n"
                                "Copies 2 (printed, your number)")
    assert g.estimate_button.isVisible()
    g.grab().save(str(SHOTS / "gallery-corrected.png"))

    g.confirm = lambda title, text, **_: False      # asked first: "no" keeps the typed numbers
    qtbot.mouseClick(g.estimate_button, Qt.LeftButton)
    assert overrides.read(path) != {}
    g.confirm = lambda title, text, **_: True
    qtbot.mouseClick(g.estimate_button, Qt.LeftButton)
    assert overrides.read(path) == {}
    assert g.numbers.text() == "Cost 4 (estimated)\nHonor 2 (estimated)\nCopies 2 (estimated)"
    assert not g.estimate_button.isVisible() and g.card.estimated == ("cost", "honor", "copies")


def test_a_printed_card_offers_no_correction_and_a_partly_estimated_one_says_which(window, qtbot, override_config):
    g = open_card(window, qtbot, "Askara of Judgement")
    assert g.numbers.text() == ("Cost 2 (printed)\nHonor 1 (printed)\nCopies 3 (estimated)\n"
                                "Renown Threshold 6 (printed)")
    qtbot.mouseClick(g.correct_button, Qt.LeftButton)
    fill_and_save(qtbot, g.form, **{"renown_threshold.at": "5"})
    assert overrides.read(override_config / "overrides.toml") == {
        "legends": {"askara_of_judgement": {"copies": 3, "renown_threshold.at": 5}}}
    assert "Renown Threshold (5)" in g.card.text
    g.set_box.setCurrentIndex(g.set_box.findData("10th"))
    g.search.setText("Mystic")
    assert not g.numbers.isVisible() and not g.correct_button.isVisible()


def test_a_game_started_or_saved_keeps_its_numbers_and_a_new_game_takes_the_printed_ones(
        window, qtbot, override_config, tmp_path):
    legends = {"seats": seats("Ann", ("Bob", "greedy")), "sets": ["legends"], "variants": [], "seed": 5,
               "honor_pool": None}

    def sensei():
        game = window.controller.game
        return next(game.card(c) for c in game.all_zones() if game.name_of(c) == "Pathseeker Sensei")

    window.start(legends)
    before = sensei()
    assert before.cost == 4
    saved = tmp_path / "game.json"
    window.controller.save_to(saved)
    g = open_card(window, qtbot, "Pathseeker Sensei")
    qtbot.mouseClick(g.correct_button, Qt.LeftButton)
    fill_and_save(qtbot, g.form, cost="5")
    assert sensei().cost == 4                      # the game on the table
    assert window.load_path(str(saved))
    assert sensei().cost == 4 and sensei().estimated == ("cost", "honor", "copies")
    window.start(legends)
    assert (sensei().cost, sensei().estimated) == (5, ())   # the whole form was saved: all printed
    # the table paints the new numbers, not the face painted for the old ones
    assert FACES.get(before, 100, 140, 1.0, None).toImage() != FACES.get(sensei(), 100, 140, 1.0, None).toImage()


def test_a_file_that_cannot_be_written_is_reported_and_nothing_changes(window, qtbot, override_config, monkeypatch):
    override_config.write_text("a file where the config folder should be")
    g = open_card(window, qtbot, "Pathseeker Sensei")
    qtbot.mouseClick(g.correct_button, Qt.LeftButton)
    fill_and_save(qtbot, g.form, cost="5")
    assert g.form.isVisible()
    assert g.form.problem.text().startswith(f"{override_config / 'overrides.toml'}: cannot write the override file: ")
    assert g.card.cost == 4 and override_config.read_text() == "a file where the config folder should be"


def test_an_override_file_broken_since_is_not_rewritten_from_the_cards_window(window, qtbot, override_config, monkeypatch):
    g = open_card(window, qtbot, "Pathseeker Sensei")
    qtbot.mouseClick(g.correct_button, Qt.LeftButton)
    fill_and_save(qtbot, g.form, cost="5")
    path = override_config / "overrides.toml"
    broken = path.read_text() + "# typed by hand in an editor\n[oops\n"
    path.write_text(broken)
    warned = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: warned.append(a[2]))
    g.confirm = lambda title, text, **_: True
    qtbot.mouseClick(g.estimate_button, Qt.LeftButton)
    assert warned and warned[0].startswith(f"{path}: cannot read the override file")
    assert path.read_text() == broken


def test_a_number_changed_in_the_file_since_the_form_opened_is_not_written_back(window, qtbot, override_config):
    """The form shows the numbers loaded before; saving a change of one of them wrote all of
    them back, the player's newer number typed in an editor meanwhile replaced by the old one."""
    g = open_card(window, qtbot, "Pathseeker Sensei")
    qtbot.mouseClick(g.correct_button, Qt.LeftButton)
    fill_and_save(qtbot, g.form, cost="5", honor="3", copies="2")
    path = override_config / "overrides.toml"
    path.write_text(path.read_text().replace("cost = 5", "cost = 6"))   # an editor, while the program runs
    qtbot.mouseClick(g.correct_button, Qt.LeftButton)
    assert g.form.edits["cost"].text() == "5"                          # (as loaded before)
    fill_and_save(qtbot, g.form, honor="1")
    assert overrides.read(path) == {"legends": {"pathseeker_sensei": {"cost": 6, "honor": 1, "copies": 2}}}
    assert g.card.cost == 6 and g.card.honor == 1
