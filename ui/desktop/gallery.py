"""The card gallery (C): every card of the installed sets (all of them, or one), found by name,
text, type or faction, with the selected card painted large: for looking a card up before or
during a game. With all sets shown, each card says which set it is from: same-named cards
differ between sets.

A card with estimated numbers (most Ascension Legends cards) says which of its numbers are
printed and which estimated, and a player who owns the card types the printed ones ("Correct
the numbers…"): they go to the player's override file (core/overrides.py), which new games
read; a game already started or saved keeps the numbers it was played with."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout, QLabel,
                               QLineEdit, QListView, QMessageBox, QPushButton, QVBoxLayout)

from ascension.core import overrides
from ascension.core.cards import FACTIONS, CardDef, SetFileError, cost_words
from ascension.core.i18n import N_, _, os_error
from ascension.core.match import available_sets, load_set

from .cards import ASPECT, CardWidget, set_mark
from .panels import ZoneModel
from .storage import write_text_atomic
from .words import faction_name, type_word

KINDS = {N_("Any type"): None, N_("Heroes"): "hero", N_("Constructs"): "construct", N_("Monsters"): "monster"}
GROUPS = (("center", N_("center deck")), ("always", N_("always available")), ("starting", N_("starting deck")),
          ("legends", N_("Legendary Character")))
NUMBER_NAMES = {"cost": N_("Cost"), "honor": N_("Honor"), "copies": N_("Copies"),
                overrides.THRESHOLD: N_("Renown Threshold")}
SOURCE_WORDS = {"estimated": N_("estimated"), "yours": N_("printed, your number"), "printed": N_("printed")}


def number_name(key: str) -> str:
    return _(NUMBER_NAMES[key]) if key in NUMBER_NAMES else key


def number_sources(d: CardDef) -> dict[str, str]:
    """Where each correctable number of a card comes from, by override key: "estimated" by the
    set, "yours" (the player's override file) or "printed" (the set file, from the card)."""
    yours = load_set(d.set_id).overrides.get(d.id.split(".", 1)[1], {})
    return {key: "estimated" if overrides.MARKS.get(key, key) in d.estimated else "yours" if key in yours
            else "printed" for key in overrides.correctable(d)}


def numbers_line(d: CardDef) -> str:
    """One line a number: "Cost 4 (estimated)", "Copies 3 (printed)"."""
    values = overrides.correctable(d)
    return "\n".join(_("{number} {value} ({source})").format(number=number_name(key), value=values[key],
                                                             source=_(SOURCE_WORDS[source]))
                      for key, source in number_sources(d).items())


def typed_number(text: str) -> int | str:
    """What a player typed in a number field: the whole number, else the text as typed (which
    the override check then refuses, saying what it expected)."""
    try:
        return int(text.strip())
    except ValueError:
        return text


class GalleryModel(ZoneModel):
    """One row per card: name, type and cost, where it is found, and its copies."""

    def __init__(self, parent=None):
        super().__init__([], [], parent)
        self.where: list[str] = []
        self.with_set = False   # every set shown: each row names its set

    def show(self, rows: list[tuple[CardDef, str]], with_set: bool = False) -> None:
        self.beginResetModel()
        self.defs = [d for d, __ in rows]
        self.where = [w for __, w in rows]
        self.cards = list(range(len(rows)))
        self.with_set = with_set
        self.endResetModel()

    def data(self, index, role=Qt.DisplayRole):
        if role == Qt.DisplayRole and index.isValid():
            d, where = self.defs[index.row()], self.where[index.row()]
            copies = f" ×{d.count}" if where == GROUPS[0][1] else ""
            kind = f"{type_word(d.type)}, {cost_words(d)}" if d.priced else type_word(d.type)
            mark = f"[{set_mark(d)}] " if self.with_set else ""
            where = _(where)
            return f"{mark}{d.name}  ({kind}){copies} · {where}"
        return super().data(index, role)


def matches(d: CardDef, words: str, kind: str | None, faction: str | None) -> bool:
    """Whether a card is what the search asks for: every word in its name or text, its type, its faction."""
    text = f"{d.name} {d.text}".lower()
    return (all(w in text for w in words.lower().split()) and (kind is None or d.type == kind)
            and (faction is None or faction in d.factions))


class CardGallery(QDialog):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle(_("Ascension — Cards"))
        self.resize(880, 560)
        lay = QHBoxLayout(self)
        left = QVBoxLayout()
        filters = QHBoxLayout()
        self.set_box = QComboBox()
        self.set_box.addItem(_("All sets"), None)
        for set_id in available_sets():
            self.set_box.addItem(load_set(set_id).name, set_id)
        self.kind_box = QComboBox()
        for label, kind in KINDS.items():
            self.kind_box.addItem(_(label), kind)
        self.faction_box = QComboBox()
        self.faction_box.addItem(_("Any faction"), None)
        for f in FACTIONS:
            self.faction_box.addItem(faction_name(f), f)
        for box in (self.set_box, self.kind_box, self.faction_box):
            filters.addWidget(box)
            box.currentIndexChanged.connect(self.refresh)
        left.addLayout(filters)
        self.search = QLineEdit()
        self.search.setPlaceholderText(_("Search names and card text (e.g. banish, Void, draw)"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.refresh)
        left.addWidget(self.search)
        self.count = QLabel()
        left.addWidget(self.count)
        self.view = QListView()
        self.view.setSpacing(2)
        font = self.view.font()
        font.setPixelSize(14)
        self.view.setFont(font)
        self.model = GalleryModel(self)
        self.view.setModel(self.model)
        left.addWidget(self.view, 1)
        lay.addLayout(left, 1)
        right = QVBoxLayout()
        self.preview = CardWidget([])
        self.preview.setFixedSize(round(340 * ASPECT), 340)
        right.addWidget(self.preview)
        self.numbers = QLabel()
        self.numbers.setTextFormat(Qt.PlainText)
        self.numbers.setWordWrap(True)
        self.numbers.setFixedWidth(self.preview.width())
        right.addWidget(self.numbers)
        self.correct_button = QPushButton(_("Correct the numbers…"))
        self.correct_button.setToolTip(_("Type the numbers printed on your card: new games use them"))
        self.correct_button.clicked.connect(self.correct_numbers)
        self.estimate_button = QPushButton(_("Use the estimates again"))
        self.estimate_button.setToolTip(_("Forget the numbers you typed for this card"))
        self.estimate_button.clicked.connect(self.use_estimates)
        for button in (self.correct_button, self.estimate_button):
            right.addWidget(button)
        right.addStretch(1)
        lay.addLayout(right)
        self.form: NumbersForm | None = None
        self.view.selectionModel().currentChanged.connect(self._preview)
        self.refresh()

    def confirm(self, title: str, text: str) -> bool:
        return QMessageBox.question(self, title, text) == QMessageBox.Yes

    @property
    def card(self) -> CardDef | None:
        """The card shown large."""
        index = self.view.currentIndex()
        return self.model.defs[index.row()] if index.isValid() else None

    def correct_numbers(self) -> None:
        """Open the form for the shown card; a saved correction reloads the list."""
        self.form = NumbersForm(self.card, self)
        self.form.accepted.connect(self.refresh)
        self.form.open()

    def use_estimates(self) -> None:
        card = self.card
        if not self.confirm(_("Use the estimates again"), _("Forget the numbers you typed for {card} and use the "
                                                            "set's own again? Games already started keep "
                                                            "theirs.").format(card=card.name)):
            return
        problem = save_numbers(card, None)
        if problem:
            QMessageBox.warning(self, _("Use the estimates again"), problem)
        self.refresh()

    def refresh(self) -> None:
        chosen = self.set_box.currentData()
        card_sets = [load_set(s) for s in ([chosen] if chosen else available_sets())]
        words, kind, faction = self.search.text(), self.kind_box.currentData(), self.faction_box.currentData()
        rows = [(d, where) for card_set in card_sets for group, where in GROUPS for d in getattr(card_set, group)
                if matches(d, words, kind, faction)]
        shown = self.card.id if self.card else None
        self.model.show(rows, with_set=chosen is None)
        self.preview.with_set = chosen is None
        total = sum(len(getattr(card_set, group)) for card_set in card_sets for group, __ in GROUPS)
        center = [d for d, where in rows if where == GROUPS[0][1]]
        self.count.setText(_("{n} of {total} cards").format(n=len(rows), total=total) + (
            _(" · {n} center cards, {copies} copies").format(n=len(center), copies=sum(d.count for d in center))
            if center else ""))
        if rows:   # the card shown before stays shown (reloaded with its corrected numbers)
            ids = [d.id for d, __ in rows]
            self.view.setCurrentIndex(self.model.index(ids.index(shown) if shown in ids else 0))
        else:
            self._show_numbers(None)
        self.preview.setVisible(bool(rows))

    def _preview(self, current, _previous) -> None:
        if current.isValid():
            if self.preview.defs is not self.model.defs:
                self.preview.set_defs(self.model.defs)
            self.preview.show_card(current.row())
            self._show_numbers(self.model.defs[current.row()])

    def _show_numbers(self, d: CardDef | None) -> None:
        """Which numbers of the card are printed and which estimated, and the buttons to correct
        them: for a card with an estimated number or one the player typed."""
        sources = number_sources(d) if d else {}
        correctable = any(source != "printed" for source in sources.values())
        self.numbers.setText(numbers_line(d) if correctable else "")
        self.numbers.setVisible(correctable)
        self.correct_button.setVisible(correctable)
        self.estimate_button.setVisible("yours" in sources.values())


def save_numbers(card: CardDef, values: dict | None) -> str | None:
    """Write a card's numbers (None: forget them) into the player's override file, whole or not at
    all, and reload the sets; or say what is wrong (the file, the card, the field) and change nothing."""
    try:
        path, text = overrides.corrected(card.set_id, card.id.split(".", 1)[1], values)
        write_text_atomic(path, text)
    except SetFileError as exc:
        return str(exc)
    except OSError as exc:
        return _("{path}: cannot write the override file: {error}").format(path=overrides.user_file(),
                                                                            error=os_error(exc, overrides.user_file()))
    overrides.reload()
    return None


class NumbersForm(QDialog):
    """The numbers of one card, pre-filled with the current values, to type the printed ones."""

    def __init__(self, card: CardDef, parent=None):
        super().__init__(parent)
        self.card = card
        self.setWindowTitle(_("Correct the numbers — {card}").format(card=card.name))
        lay = QVBoxLayout(self)
        intro = QLabel(_("Type the numbers printed on your {card}. They are saved in {path}. New games use them; "
                         "a game already started or saved keeps the numbers it was played with.").format(
            card=card.name, path=overrides.user_file()))
        intro.setTextFormat(Qt.PlainText)
        intro.setWordWrap(True)
        lay.addWidget(intro)
        form = QFormLayout()
        self.edits: dict[str, QLineEdit] = {}
        sources = number_sources(card)
        for key, value in overrides.correctable(card).items():
            self.edits[key] = QLineEdit(str(value))
            form.addRow(_("{number} ({source}):").format(number=number_name(key), source=_(SOURCE_WORDS[sources[key]])),
                        self.edits[key])
        lay.addLayout(form)
        self.shown, self.sources = self.values(), sources
        self.problem = QLabel()
        self.problem.setTextFormat(Qt.PlainText)
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020")
        self.problem.hide()
        lay.addWidget(self.problem)
        buttons = QDialogButtonBox(QDialogButtonBox.Save | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.setMinimumWidth(460)

    def values(self) -> dict[str, int | str]:
        return {key: typed_number(edit.text()) for key, edit in self.edits.items()}

    def typed(self) -> dict[str, int | str]:
        """What to write: the numbers the player changed, and the estimates kept as they were
        (saved, they are the printed numbers). A number of the player's own left as shown is not
        written: the file may hold a newer one since the form opened (typed in a text editor)."""
        return {key: value for key, value in self.values().items()
                if value != self.shown[key] or self.sources[key] == "estimated"}

    def save(self) -> None:
        """Saved: the form closes. Refused: it stays open with what was typed and says why."""
        problem = save_numbers(self.card, self.typed())
        if problem:
            self.problem.setText(problem)
            self.problem.show()
            self.adjustSize()   # room for the message: nothing clipped
        else:
            self.accept()
