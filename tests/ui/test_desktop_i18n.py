"""The desktop in other languages: every word of the window goes through the translation layer
(the pseudo-language ``qps`` wraps each translated string in ⟦…⟧, so a word outside the brackets
bypassed it), German has a translation for every message of the desktop, the language is a
setting that shows at once without losing the game, and ``--lang`` overrides it."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from PySide6.QtCore import QAbstractListModel, QModelIndex, Qt
from PySide6.QtWidgets import (QAbstractButton, QApplication, QComboBox, QDialogButtonBox, QGroupBox, QLabel,
                               QLineEdit, QTabWidget, QTextEdit, QToolBar, QWidget)
from PySide6.QtWidgets import QAbstractItemView

from ascension.core import i18n
from ascension.core.bots import bot_kinds
from ascension.core.cards import FACTIONS
from ascension.core.match import available_sets, load_set
from ascension.core.plugins import installed
from ascension.ui.desktop import app, language, storage
from ascension.ui.desktop.app import MainWindow
from ascension.ui.desktop.cards import price_line, type_line, type_line_short
from ascension.ui.desktop.gallery import CardGallery
from ascension.ui.desktop.history_window import HistoryWindow
from ascension.ui.desktop.panels import BotReasonsDialog
from ascension.ui.desktop.setup_dialog import SetupDialog
from clicker import play_to_the_end, recording_window, seats
from pseudo_text import outside_markers
from scripts_loader import load_script

ROOT = Path(__file__).resolve().parents[2]
TRANSLATING = ("_", "N_", "ngettext", "pgettext")
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    language.use("en")


# ---------------------------------------------------------------------------- reading the window
def widget_texts(top: QWidget) -> list[str]:
    """Every text a person can see in ``top`` and the widgets shown in it: titles, labels, buttons,
    the toolbar's actions, combo items, placeholders, group boxes, tab titles, table headers and
    cells, list rows and tooltips."""
    out = [top.windowTitle(), top.toolTip()]
    for bar in top.findChildren(QToolBar):
        for a in bar.actions():
            out += [a.text(), a.toolTip()] if a.isVisible() and not a.isSeparator() else []
    for w in top.findChildren(QWidget):
        if not w.isVisibleTo(top) or _qt_standard_button(w):
            continue
        out.append(w.toolTip())
        if isinstance(w, (QLabel, QAbstractButton)):
            out.append(w.text())
        elif isinstance(w, QGroupBox):
            out.append(w.title())
        elif isinstance(w, QComboBox):
            out += [w.itemText(i) for i in range(w.count())]
            if w.lineEdit() is not None:
                out.append(w.lineEdit().placeholderText())
        elif isinstance(w, (QLineEdit, QTextEdit)):
            out.append(w.placeholderText())
        elif isinstance(w, QTabWidget):
            out += [w.tabText(i) for i in range(w.count())]
        elif isinstance(w, QAbstractItemView) and w.model() is not None:
            m = w.model()
            columns = 1 if isinstance(m, QAbstractListModel) else m.columnCount(QModelIndex())
            if not isinstance(m, QAbstractListModel):
                out += [str(m.headerData(i, Qt.Horizontal, Qt.DisplayRole) or "") for i in range(columns)]
            for r in range(min(m.rowCount(QModelIndex()), 30)):
                for c in range(columns):
                    ix = m.index(r, c)
                    out += [str(m.data(ix, Qt.DisplayRole) or ""), str(m.data(ix, Qt.ToolTipRole) or "")]
    return [t for t in out if t]


def _qt_standard_button(w: QWidget) -> bool:
    """OK, Cancel, Save…: Qt's own words, from Qt's catalogue (German tested below), not ours."""
    box = w.parent()
    return isinstance(box, QDialogButtonBox) and box.standardButton(w) != QDialogButtonBox.NoButton


def plain(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


def untranslated(texts: list[str], names: list[str]) -> list[str]:
    """What is left of each text once the ⟦…⟧ parts, card, set and player names, numbers and
    punctuation are taken out: words that bypassed the translation layer."""
    left = []
    for text in texts:
        rest = outside_markers(plain(text), names)
        if re.search(r"[^\W\d_]", rest):
            left.append(f"{rest.strip()!r}  ← {text!r}")
    return left


def all_names(extra: list[str] = ()) -> list[str]:
    """Names that stay as they are in every language: cards, card sets (and their ids and
    marks, which players type, e.g. ``--sets 10th``), variants' and bots' ids (``--variants legendary``,
    ``--bots easy``: the history's opponent filter lists and matches them so),
    the players, and each language's own name (the language menu lists them so)."""
    out = list(PLAYERS) + list(extra) + list(i18n.available().values())
    for s in available_sets():
        cs = load_set(s)
        out += [s, cs.name] + [d.name for g in ("center", "always", "starting", "legends") for d in getattr(cs, g)]
    from ascension.core.wording import SET_MARKS
    out += list(SET_MARKS.values()) + list(installed().variants()) + list(bot_kinds())
    return out


# ---------------------------------------------------------------------------- making the windows
def walk_everything(qtbot, tmp_path, monkeypatch) -> dict[str, list[str]]:
    """Open every window with content, in the language now set: {what: its texts}."""
    db = tmp_path / "h.sqlite3"
    monkeypatch.setenv("ASCENSION_HISTORY_DB", str(db))
    shown: dict[str, list[str]] = {}
    w = recording_window(qtbot, db)
    shown["welcome"] = widget_texts(w)
    # a game with the Legendary Track, at a person's decision, a card zoomed and a zone open
    w.start({"seats": seats("Ann", ("Bob", "easy")), "sets": ["10th"], "variants": ["legendary"], "seed": 3,
             "honor_pool": None})
    qtbot.waitUntil(lambda: w.controller.human_to_move() is not None, timeout=20000)
    game = w.controller.game
    shown["table"] = widget_texts(w) + [w.table.track.toolTip(), w.table.hand.empty_text, w.table.in_play.empty_text,
                                        w.end_turn_warning(w.controller.end_turn_index())]
    shown["painted"] = [text for d in game.ctx.defs for text in (type_line(d), type_line_short(d), price_line(d))]
    shown["painted"] += [w.table.track.legend_line(f) for f in FACTIONS]

    shown["zone"] = widget_texts(_opened(w, lambda: w.open_zone("discard", 0), qtbot))
    shown["void"] = widget_texts(_opened(w, lambda: w.open_zone("void", -1), qtbot))
    shown["zoom"] = widget_texts(_opened(w, lambda: w.zoom(w.controller.game.players[0].hand[0]), qtbot))
    reasons = BotReasonsDialog(w.controller.bot_reasons(), w)
    shown["why"] = widget_texts(reasons)
    reasons.close()
    card_names = [d.name for d in game.ctx.defs]   # the Legendary Characters too
    # teams (their tags and honor) and a solo game (the opponent's score panel)
    for variant, people in (("teams", seats("Ann", ("Bob", "easy"), ("Cat", "easy"), ("Dan", "easy"))),
                            ("samael", seats("Ann"))):
        w.start({"seats": people, "sets": ["10th"], "variants": [variant], "seed": 3, "honor_pool": None})
        qtbot.waitUntil(lambda: w.controller.human_to_move() is not None, timeout=20000)
        shown[variant] = widget_texts(w)
    # hot seat: the pass screen
    w.start({"seats": seats("Ann", "Cat"), "sets": ["10th"], "variants": [], "seed": 4, "honor_pool": None})
    w.controller.answer(w.controller.end_turn_index())
    shown["pass"] = widget_texts(w)
    # a finished game: the end screen, recorded in the history
    w.start({"seats": seats("Ann", ("Bob", "easy")), "sets": ["10th"], "variants": [], "seed": 5, "honor_pool": 8})
    play_to_the_end(w, qtbot)
    shown["end"] = widget_texts(w)
    # the tutorial's bar
    w.start_tutorial(ask=False)
    shown["tutorial"] = widget_texts(w)
    # the New game dialog, the card gallery, the history's three pages
    dialog = SetupDialog(w.settings, parent=w, last_seed=5)
    dialog.variant_checks["legendary"].setChecked(True)
    dialog.show()
    shown["setup"] = widget_texts(dialog)
    dialog.reject()
    gallery = CardGallery(w)
    gallery.show()
    gallery.search.setText("Arha")
    shown["cards"] = widget_texts(gallery)
    gallery.set_box.setCurrentIndex(gallery.set_box.findData("legends"))
    gallery.search.setText("Pathseeker Sensei")   # estimated numbers, to be corrected
    shown["numbers"] = widget_texts(gallery)
    gallery.correct_numbers()
    shown["numbers form"] = widget_texts(gallery.form)
    gallery.form.reject()
    gallery.close()
    history = HistoryWindow(db, player="Ann")
    qtbot.addWidget(history)
    history.show()
    history.load_facets()
    shown["matches"] = widget_texts(history)
    history.open_match(history.model.match_at(0).id)
    history.match_page.viewer.go(3)
    shown["match"] = widget_texts(history)
    stats = history.show_statistics()
    qtbot.waitUntil(lambda: not stats.busy, timeout=10_000)
    shown["statistics"] = widget_texts(history)
    history.close()
    shown["_names"] = card_names
    return shown


def _opened(w, open_it, qtbot) -> QWidget:
    before = set(w.findChildren(QWidget))
    open_it()
    new = [x for x in w.findChildren(QWidget) if x not in before and x.isWindow()]
    assert new, "no window opened"
    return new[-1]


# ---------------------------------------------------------------------------- the tests
def test_every_word_of_the_window_goes_through_the_translation_layer(qtbot, tmp_path, monkeypatch):
    language.use("qps")
    shown = walk_everything(qtbot, tmp_path, monkeypatch)
    names = all_names(shown.pop("_names"))
    left = [f"{what}: {rest}" for what, texts in shown.items() for rest in untranslated(texts, names)]
    assert not left, "\n".join(dict.fromkeys(left))
    assert any("⟦New game…⟧" in t for t in shown["welcome"])   # the walk saw the window's words


def test_german_has_every_message_of_the_desktop(qtbot, tmp_path, monkeypatch):
    language.use("de")
    shown = walk_everything(qtbot, tmp_path, monkeypatch)
    del shown["_names"]
    assert sorted(i18n.missing()) == []
    texts = [t for texts in shown.values() for t in texts]
    for german in ("Neues Spiel…", "Hilfe", "Zug beenden  [E]", "Verlauf", "Erneut spielen (neue Verteilung)"):
        assert any(german in t for t in texts), german


def test_no_desktop_message_lacks_a_german_translation():
    ours = desktop_keys()
    assert not [where for key, (__, ___, where) in _catalogue_script().lacking("de") if key in ours]


def desktop_keys() -> set[tuple[str | None, str]]:
    """(context, msgid) of every message in the desktop's sources (``ui/desktop``)."""
    catalogue = _catalogue_script()
    return {(context, message[0] if isinstance(message, tuple) else message)
            for __, ___, message, ____, context in extract_from_dir(
                ROOT / "ui" / "desktop", method_map=[("**.py", "python")], keywords=catalogue.KEYWORDS)}


def _catalogue_script():
    return load_script("catalogue")


def test_choosing_german_in_the_window_shows_it_at_once_and_keeps_the_game(qtbot):
    language.use("en")
    w = recording_window(qtbot)
    w.start({"seats": seats("Ann", ("Bob", "easy")), "sets": ["10th"], "variants": [], "seed": 7, "honor_pool": None})
    qtbot.waitUntil(lambda: w.controller.human_to_move() is not None, timeout=20000)
    w.controller.answer(w.controller.play_all_index())
    session, answers = w.controller.session, list(w.controller.game.answers)
    assert w.new_action.text() == "New game…" and w.decision.end_button.text() == "End turn  [E]"
    w.language_box.setCurrentIndex(w.language_box.findData("de"))
    assert i18n.language() == "de" and storage.Settings().language == "de"   # kept for the next start
    assert w.new_action.text() == "Neues Spiel…"
    assert w.decision.end_button.text() == "Zug beenden  [E]"
    qtbot.waitUntil(w.decision.end_button.isVisible)   # the new pages show once the event loop turns
    assert w.stack.currentWidget() is w.play_page
    assert w.controller.session is session and w.controller.game.answers == answers   # the same game, on
    assert w.log_panel.toPlainText()   # the log is shown again, whole
    dialog = SetupDialog(w.settings, parent=w)
    cancel = dialog.buttons.button(QDialogButtonBox.Cancel)
    assert cancel.text() == "Abbrechen"   # Qt's own words too
    dialog.reject()


def test_the_language_kept_in_the_settings_is_used_at_the_next_start_and_lang_overrides_it(monkeypatch):
    settings = storage.Settings()
    settings.language = "de"
    monkeypatch.delenv("ASCENSION_LANG", raising=False)
    assert language.choose(["ascension-desktop"], storage.Settings().language) == "de"
    assert language.choose(["--lang", "en"], storage.Settings().language) == "en"
    assert language.choose(["--lang=de"], None) == "de"
    assert language.without_lang(["prog", "--lang", "de", "-x"]) == ["prog", "-x"]


def test_ascension_desktop_lang_starts_the_window_in_that_language(qtbot, monkeypatch):
    monkeypatch.setattr(QApplication, "exec", lambda self: 0)
    monkeypatch.setattr(SetupDialog, "exec", lambda self: SetupDialog.Rejected)
    storage.Settings().language = "en"
    before = set(QApplication.topLevelWidgets())
    assert app.main(["ascension-desktop", "--lang", "de"]) == 0
    w = next(x for x in QApplication.topLevelWidgets() if isinstance(x, MainWindow) and x not in before)
    qtbot.addWidget(w)
    assert w.new_action.text() == "Neues Spiel…" and w.language_box.currentData() == "de"
    assert storage.Settings().language == "en"   # --lang is for this run only


@pytest.mark.parametrize("chosen", ["settings", "lang"])
def test_a_damaged_settings_file_is_reported_in_the_language_chosen(qtbot, monkeypatch, chosen):
    """The settings name the language, and were read (and their notice worded) before it was
    chosen: a German player read it in English."""
    import json
    monkeypatch.setattr(QApplication, "exec", lambda self: 0)
    monkeypatch.setattr(SetupDialog, "exec", lambda self: SetupDialog.Rejected)
    monkeypatch.delenv("ASCENSION_LANG", raising=False)
    path = storage.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"language": "de" if chosen == "settings" else "en", "presets": {"friday": 5}}))
    before = set(QApplication.topLevelWidgets())
    assert app.main(["ascension-desktop"] + (["--lang", "de"] if chosen == "lang" else [])) == 0
    w = next(x for x in QApplication.topLevelWidgets() if isinstance(x, MainWindow) and x not in before)
    qtbot.addWidget(w)
    assert w.notice.text().startswith(f"Deine Einstellungen {path} enthielten Unbrauchbares (presets.friday: "
                                      "Erwartet wird eine Zuordnung (Namen zu Werten))")
    assert w.settings.language == ("de" if chosen == "settings" else "en")   # kept: it was usable


def test_the_language_is_looked_up_without_touching_the_settings(tmp_path):
    path = tmp_path / "desktop.json"
    for content, code in (('{"language": "de", "presets": 5}', "de"), ("{not json", None), ('[1]', None),
                          ('{"language": 7}', None), ("", None)):
        path.write_text(content)
        assert storage.chosen_language(path) == code and path.read_text() == content
    assert storage.chosen_language(tmp_path / "none.json") is None
