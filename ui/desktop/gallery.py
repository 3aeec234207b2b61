"""The card gallery (C): every card of the installed sets (all of them, or one), found by name,
text, type or faction, with the selected card painted large: for looking a card up before or
during a game. With all sets shown, each card says which set it is from: same-named cards
differ between sets."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QComboBox, QDialog, QHBoxLayout, QLabel, QLineEdit, QListView,
                               QVBoxLayout)

from ascension.core.cards import FACTIONS, CardDef, cost_words
from ascension.core.match import available_sets, load_set

from .cards import ASPECT, CardWidget, set_mark
from .panels import ZoneModel

KINDS = {"Any type": None, "Heroes": "hero", "Constructs": "construct", "Monsters": "monster"}
GROUPS = (("center", "center deck"), ("always", "always available"), ("starting", "starting deck"),
          ("legends", "Legendary Character"))


class GalleryModel(ZoneModel):
    """One row per card: name, type and cost, where it is found, and its copies."""

    def __init__(self, parent=None):
        super().__init__([], [], parent)
        self.where: list[str] = []
        self.with_set = False   # every set shown: each row names its set

    def show(self, rows: list[tuple[CardDef, str]], with_set: bool = False) -> None:
        self.beginResetModel()
        self.defs = [d for d, _ in rows]
        self.where = [w for _, w in rows]
        self.cards = list(range(len(rows)))
        self.with_set = with_set
        self.endResetModel()

    def data(self, index, role=Qt.DisplayRole):
        if role == Qt.DisplayRole and index.isValid():
            d, where = self.defs[index.row()], self.where[index.row()]
            copies = f" ×{d.count}" if where == "center deck" else ""
            kind = f"{d.type}, {cost_words(d)}" if d.priced else d.type
            mark = f"[{set_mark(d)}] " if self.with_set else ""
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
        self.setWindowTitle("Ascension — Cards")
        self.resize(880, 560)
        lay = QHBoxLayout(self)
        left = QVBoxLayout()
        filters = QHBoxLayout()
        self.set_box = QComboBox()
        self.set_box.addItem("All sets", None)
        for set_id in available_sets():
            self.set_box.addItem(load_set(set_id).name, set_id)
        self.kind_box = QComboBox()
        for label, kind in KINDS.items():
            self.kind_box.addItem(label, kind)
        self.faction_box = QComboBox()
        self.faction_box.addItem("Any faction", None)
        for f in FACTIONS:
            self.faction_box.addItem(f.capitalize(), f)
        for box in (self.set_box, self.kind_box, self.faction_box):
            filters.addWidget(box)
            box.currentIndexChanged.connect(self.refresh)
        left.addLayout(filters)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Search names and card text (e.g. banish, Void, draw)")
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
        self.preview = CardWidget([])
        self.preview.setFixedSize(round(340 * ASPECT), 340)
        lay.addWidget(self.preview, 0, Qt.AlignTop)
        self.view.selectionModel().currentChanged.connect(self._preview)
        self.refresh()

    def refresh(self) -> None:
        chosen = self.set_box.currentData()
        card_sets = [load_set(s) for s in ([chosen] if chosen else available_sets())]
        words, kind, faction = self.search.text(), self.kind_box.currentData(), self.faction_box.currentData()
        rows = [(d, where) for card_set in card_sets for group, where in GROUPS for d in getattr(card_set, group)
                if matches(d, words, kind, faction)]
        self.model.show(rows, with_set=chosen is None)
        self.preview.with_set = chosen is None
        total = sum(len(getattr(card_set, group)) for card_set in card_sets for group, _ in GROUPS)
        center = [d for d, where in rows if where == "center deck"]
        self.count.setText(f"{len(rows)} of {total} cards" + (
            f" · {len(center)} center cards, {sum(d.count for d in center)} copies" if center else ""))
        if rows:
            self.view.setCurrentIndex(self.model.index(0))
        self.preview.setVisible(bool(rows))

    def _preview(self, current, _previous) -> None:
        if current.isValid():
            if self.preview.defs is not self.model.defs:
                self.preview.set_defs(self.model.defs)
            self.preview.show_card(current.row())
