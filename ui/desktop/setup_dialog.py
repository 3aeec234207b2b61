"""The new-game dialog: seats, card sets, variants, honor pool, seed and named presets.

Every change is checked with the engine's own ``build_setup``; its ``SetupError`` text is shown
in the dialog and Start stays disabled, so an impossible game is explained before it starts.
The result is a plain setup dict (the same one the controller, presets and rematch use).
"""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QFrame,
                               QGridLayout, QGroupBox, QHBoxLayout, QInputDialog, QLabel, QLineEdit,
                               QPushButton, QScrollArea, QSpinBox, QVBoxLayout, QWidget)

from ascension.core.bots import bot_kinds
from ascension.core.cards import SetFileError
from ascension.core.i18n import _, ngettext
from ascension.core.match import SetupError, available_sets, build_setup, load_set, new_game, piles_source
from ascension.core.names import BadName, validate_name
from ascension.core.plugins import installed, setup_choices

from .storage import MAX_HONOR_POOL, Settings
from .words import bot_name, variant_name

MAX_SEATS = 6
DEFAULT_NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
TUTORIAL = 2                     # the dialog's result when the player asks for the tutorial instead


def seat_bots() -> list[str]:
    """The installed bots, one entry per distinct bot ("greedy" is the easy tier's other name)."""
    return [name for name, kind in bot_kinds().items() if kind.same_as is None]


def default_setup() -> dict:
    return {"seats": [{"name": "Ann", "kind": "human", "bot": None},
                      {"name": "Bob", "kind": "bot", "bot": "easy"}],
            "sets": ["10th"] if "10th" in available_sets() else list(available_sets())[:1],
            "variants": [], "honor_pool": None, "seed": None, "first_player": "random"}


def _detail(text: str) -> QLabel:
    """A grey, wrapped line under a checkbox (checkbox text itself never wraps)."""
    label = QLabel(text)
    label.setWordWrap(True)
    label.setStyleSheet("color: #555; margin-left: 22px;")
    return label


class SeatRow:
    """The widgets of one seat: name and who plays it (a person, or a bot of some kind)."""

    def __init__(self, grid: QGridLayout, row: int):
        self.label = QLabel(_("Seat {n}").format(n=row + 1))
        self.name = QLineEdit(DEFAULT_NAMES[row])
        self.name.setMaxLength(24)
        self.name.setMinimumWidth(130)
        self.kind = QComboBox()
        self.kind.addItem(_("Human"), "human")
        for bot in seat_bots():
            self.kind.addItem(_("Bot: {bot}").format(bot=bot_name(bot)), f"bot:{bot}")
        grid.addWidget(self.label, row, 0)
        grid.addWidget(self.name, row, 1)
        grid.addWidget(self.kind, row, 2)

    def set_visible(self, on: bool) -> None:
        for w in (self.label, self.name, self.kind):
            w.setVisible(on)

    def get(self) -> dict:
        kind, __, bot = self.kind.currentData().partition(":")
        return {"name": self.name.text().strip(), "kind": kind, "bot": bot or None}

    def set(self, seat: dict) -> None:
        self.name.setText(seat.get("name", ""))
        bot = seat.get("bot") or "easy"
        kind = bot_kinds().get(bot)
        want = f"bot:{kind.same_as or bot if kind else bot}" if seat.get("kind") == "bot" else "human"
        i = self.kind.findData(want)
        self.kind.setCurrentIndex(max(0, i))


PREFERRED_WIDTH = 1040   # the dialog's choices, where the screen has room: each description on one line


class SetupDialog(QDialog):
    """``initial`` (a preset, say) is shown as it is; without it the last setup is offered with
    its seed left out, so that a new game deals new cards unless the player asks for the same
    deal (``last_seed``: the "Same deal" button)."""

    def __init__(self, settings: Settings, initial: dict | None = None, parent=None, last_seed: int | None = None):
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle(_("New game"))
        # The choices scroll, Start and Cancel stay below them: on a small screen (1024x600, or
        # scaled up) the dialog fits it, where Start was below the screen's edge.
        self.content = QWidget()
        # Wide enough that set and variant descriptions fit on one line where the screen has room
        # (wrapped labels in nested layouts are otherwise squeezed: Qt's size hint ignores their
        # height-for-width); at least as wide as a 1024-pixel screen leaves it, with no scrolling sideways.
        self.content.setMinimumWidth(960)
        root = QVBoxLayout(self.content)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.NoFrame)
        self.scroll.setWidget(self.content)
        outer = QVBoxLayout(self)
        outer.addWidget(self.scroll, 1)

        presets = QHBoxLayout()
        presets.addWidget(QLabel(_("Preset:")))
        self.preset_box = QComboBox()
        self.preset_box.setMinimumWidth(200)
        self.preset_box.activated.connect(self._load_preset)
        self.save_preset_button = QPushButton(_("Save as preset…"))
        self.save_preset_button.clicked.connect(self._save_preset)
        self.delete_preset_button = QPushButton(_("Delete preset"))
        self.delete_preset_button.clicked.connect(self._delete_preset)
        presets.addWidget(self.preset_box, 1)
        presets.addWidget(self.save_preset_button)
        presets.addWidget(self.delete_preset_button)
        root.addLayout(presets)

        columns = QHBoxLayout()
        seats_box = QGroupBox(_("Players"))
        seats_lay = QVBoxLayout(seats_box)
        count_row = QHBoxLayout()
        count_row.addWidget(QLabel(_("Number of seats:")))
        self.count = QSpinBox()
        self.count.setRange(1, MAX_SEATS)
        count_row.addWidget(self.count)
        count_row.addStretch(1)
        seats_lay.addLayout(count_row)
        grid = QGridLayout()
        self.seat_rows = [SeatRow(grid, i) for i in range(MAX_SEATS)]
        seats_lay.addLayout(grid)
        self.teams_label = QLabel()
        self.teams_label.setWordWrap(True)
        seats_lay.addWidget(self.teams_label)
        seats_lay.addStretch(1)
        left = QVBoxLayout()
        left.addWidget(seats_box, 1)
        columns.addLayout(left, 4)

        right = QVBoxLayout()
        sets_box = QGroupBox(_("Card sets (mixed into one center deck)"))
        sets_lay = QVBoxLayout(sets_box)
        self.set_checks: dict[str, QCheckBox] = {}
        self.set_sizes: dict[str, int] = {}
        for set_id in available_sets():
            try:
                cs = load_set(set_id)
                self.set_sizes[set_id] = cs.center_copies
                name, detail = cs.name, _("{n} center cards · up to {players} players alone").format(
                    n=cs.center_copies, players=cs.max_players)
            except (SetupError, SetFileError) as exc:
                name, detail = set_id, _("cannot be loaded: {error}").format(error=exc)
            box = QCheckBox(name)
            box.setEnabled(set_id in self.set_sizes)
            self.set_checks[set_id] = box
            sets_lay.addWidget(box)
            sets_lay.addWidget(_detail(detail))
        self.deck_label = QLabel()
        self.deck_label.setWordWrap(True)
        self.deck_label.setAlignment(Qt.AlignLeft | Qt.AlignTop)
        # Room for its longest text (three lines), whatever is checked: the boxes below stay put.
        self.deck_label.setFixedHeight(3 * self.deck_label.fontMetrics().lineSpacing() + 4)
        sets_lay.addWidget(self.deck_label)
        right.addWidget(sets_box)

        var_box = QGroupBox(_("Variants"))
        var_lay = QVBoxLayout(var_box)
        self.variant_checks: dict[str, QCheckBox] = {}
        self.choice_boxes: list[tuple[dict, QComboBox]] = []   # (a variant's setup choice, its widget)
        for name, info in sorted(installed().variants().items()):
            players = ""
            if info.players:
                lo, hi = info.players
                players = (ngettext(" [{n} player]", " [{n} players]", lo).format(n=lo) if lo == hi == 1
                           else _(" [{low}–{high} players]").format(low=lo, high=hi))
            box = QCheckBox(variant_name(name) + players)
            box.setToolTip(_(info.summary))
            self.variant_checks[name] = box
            var_lay.addWidget(box)
            var_lay.addWidget(_detail(_(info.summary)))
            choices, problems = setup_choices([name])   # e.g. the Legendary Characters, Random by default
            if problems:   # its plugin is broken: not offered, and said why
                box.setEnabled(False)
                var_lay.addWidget(_detail(_("Cannot be chosen: {problem}").format(problem="; ".join(problems))))
                continue
            if choices:
                grid = QGridLayout()   # two choices a row: compact enough to stay on screen always
                grid.setContentsMargins(22, 0, 0, 4)
                for k, c in enumerate(choices):
                    combo = QComboBox()
                    for value, text in c["choices"]:
                        combo.addItem(text, value)
                    combo.currentIndexChanged.connect(self.validate)
                    self.choice_boxes.append((c, combo))
                    grid.addWidget(QLabel(_("{label}:").format(label=c["label"])), k // 2, (k % 2) * 2)
                    grid.addWidget(combo, k // 2, (k % 2) * 2 + 1)
                    grid.setColumnStretch((k % 2) * 2 + 1, 1)
                holder = QWidget()
                holder.setLayout(grid)
                box.toggled.connect(holder.setEnabled)   # shown always: the variants below stay put
                holder.setEnabled(False)
                var_lay.addWidget(holder)
        if not self.variant_checks:
            var_lay.addWidget(QLabel(_("No variant plugins installed.")))
        right.addWidget(var_box)

        opts = QGroupBox(_("Options"))
        form = QFormLayout(opts)
        pool_row = QHBoxLayout()
        self.pool_default = QCheckBox(_("Rule default"))
        self.pool_default.setChecked(True)
        self.pool = QSpinBox()
        self.pool.setRange(1, MAX_HONOR_POOL)
        pool_row.addWidget(self.pool_default)
        pool_row.addWidget(self.pool)
        pool_row.addStretch(1)
        form.addRow(_("Honor pool:"), pool_row)
        self.first_player = QComboBox()
        self.first_player.addItem(_("Drawn at random"), "random")
        self.first_player.addItem(_("The first seat above"), "as seated")
        self.first_player.setToolTip(_("The rulebook draws the first player at random; the seats keep "
                                       "their order around the table"))
        form.addRow(_("First player:"), self.first_player)
        seed_row = QHBoxLayout()
        self.seed = QLineEdit()
        self.seed.setPlaceholderText(_("empty: a new deal"))
        self.seed.setToolTip(_("The same seed and the same answers replay the same game"))
        self.last_seed = last_seed
        self.same_deal = QPushButton(_("Same deal"))
        self.same_deal.setEnabled(last_seed is not None)
        self.same_deal.setToolTip(_("Deal the cards as in the last game (seed {seed})").format(seed=last_seed)
                                  if last_seed is not None else _("No game has been dealt yet"))
        self.same_deal.clicked.connect(lambda: self.seed.setText(str(self.last_seed)))
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(self.same_deal)
        form.addRow(_("Seed:"), seed_row)
        left.addWidget(opts)   # the left column has room; the right one needs its height for text
        columns.addLayout(right, 5)
        root.addLayout(columns)

        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020; font-weight: bold;")
        root.addWidget(self.error)
        bottom = QHBoxLayout()
        self.tutorial_button = QPushButton(_("Tutorial…"))
        self.tutorial_button.setToolTip(_("Learn a turn step by step, on a prepared table"))
        self.tutorial_button.clicked.connect(lambda: self.done(TUTORIAL))
        bottom.addWidget(self.tutorial_button)
        bottom.addStretch(1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Cancel)
        self.start_button = self.buttons.addButton(_("Start"), QDialogButtonBox.AcceptRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        bottom.addWidget(self.buttons)
        outer.addLayout(bottom)
        # Enter starts the game: Start is the default once it is in the dialog (set before, it did
        # not take, and Enter opened "Save as preset…"), and no other button takes Enter with focus.
        for button in (self.save_preset_button, self.delete_preset_button, self.same_deal, self.tutorial_button):
            button.setAutoDefault(False)
        self.start_button.setDefault(True)

        self._refresh_presets()
        self.set_setup(initial or dict(settings.last or default_setup(), seed=None))
        self.count.valueChanged.connect(self.validate)
        for r in self.seat_rows:
            r.name.textChanged.connect(self.validate)
            r.kind.currentIndexChanged.connect(self.validate)
        for b in list(self.set_checks.values()) + list(self.variant_checks.values()) + [self.pool_default]:
            b.toggled.connect(self.validate)
        self.pool.valueChanged.connect(self.validate)
        self.seed.textChanged.connect(self.validate)
        self.validate()

    # ------------------------------------------------------------------ setup dict <-> widgets
    def setup(self) -> dict:
        n = self.count.value()
        seed_text = self.seed.text().strip()
        return {"seats": [r.get() for r in self.seat_rows[:n]],
                "sets": [s for s, b in self.set_checks.items() if b.isChecked()],
                "variants": [v for v, b in self.variant_checks.items() if b.isChecked()],
                "honor_pool": None if self.pool_default.isChecked() else self.pool.value(),
                "seed": int(seed_text) if seed_text.isascii() and seed_text.isdigit() else None,   # (not "12²")
                "first_player": self.first_player.currentData(),
                "options": self._options()}

    def _options(self) -> dict:
        """setup.options from the variant choices made (only for checked variants)."""
        out: dict = {}
        for c, combo in self.choice_boxes:
            value = combo.currentData()
            if value is None or not self.variant_checks[c["variant"]].isChecked():
                continue
            node = out.setdefault(c["variant"], {})
            for key in c["path"][:-1]:
                node = node.setdefault(key, {})
            node[c["path"][-1]] = value
        return out

    def set_setup(self, s: dict) -> None:
        seats = s.get("seats") or default_setup()["seats"]
        self.count.setValue(min(MAX_SEATS, max(1, len(seats))))
        for r, seat in zip(self.seat_rows, seats):
            r.set(seat)
        for set_id, b in self.set_checks.items():
            b.setChecked(set_id in s.get("sets", []))
        for v, b in self.variant_checks.items():
            b.setChecked(b.isEnabled() and v in s.get("variants", []))   # (a broken plugin's: not offered)
        self.pool_default.setChecked(s.get("honor_pool") is None)
        if s.get("honor_pool") is not None:
            self.pool.setValue(s["honor_pool"])
        self.seed.setText("" if s.get("seed") is None else str(s["seed"]))
        self.first_player.setCurrentIndex(max(0, self.first_player.findData(s.get("first_player", "random"))))
        for c, combo in self.choice_boxes:
            node = s.get("options", {}).get(c["variant"], {})
            for key in c["path"]:
                node = node.get(key, {}) if isinstance(node, dict) else {}
            index = combo.findData(node) if isinstance(node, str) else 0
            combo.setCurrentIndex(max(0, index))
        self.validate()

    # ------------------------------------------------------------------ checking
    def check(self):
        """(why this setup cannot start or "", the engine's MatchSetup when it can)."""
        s = self.setup()
        names = [seat["name"] for seat in s["seats"]]
        if any(not n for n in names):
            return _("Every seat needs a name."), None
        for k, n in enumerate(names, 1):
            try:
                validate_name(n)
            except BadName as exc:
                return _("Seat {n}: {problem}.").format(n=k, problem=exc), None
        if len(set(names)) != len(names):
            return _("Two seats have the same name."), None
        if self.seed.text().strip() and s["seed"] is None:
            return _("The seed must be a whole number (or empty for a random one)."), None
        try:   # the engine's own check has the last word
            return "", build_setup(s["sets"], names, s["variants"], seed=s["seed"] or 0, honor_pool=s["honor_pool"],
                                   options=s["options"])
        except (SetupError, SetFileError) as exc:
            return str(exc)[0].upper() + str(exc)[1:] + ".", None

    def validate(self) -> None:
        n = self.count.value()
        for i, r in enumerate(self.seat_rows):
            r.set_visible(i < n)
        msg, built = self.check()
        self.error.setText(msg)
        self.start_button.setEnabled(not msg)
        self.pool.setEnabled(not self.pool_default.isChecked())
        if self.pool_default.isChecked() and built is not None:
            self.pool.blockSignals(True)
            self.pool.setValue(built.pool)
            self.pool.blockSignals(False)
        sets = self.setup()["sets"]
        total = sum(self.set_sizes.get(x, 0) for x in sets)
        text = (ngettext("Center deck: {n} card", "Center deck: {n} cards", total).format(n=f"<b>{total}</b>")
                if sets else _("Center deck: choose a set"))
        if sets:   # said even while the rest of the setup is refused: the sets alone decide it
            source = piles_source([load_set(x) for x in sets])
            piles = ", ".join(f"{d.count} {d.name}" for d in source.always)
            text += "<br>" + (_("Piles and starting decks from {set} (the largest set): {piles}") if len(sets) > 1
                              else _("Piles and starting decks from {set}: {piles}")).format(set=source.name,
                                                                                          piles=piles)
        self.deck_label.setText(text)
        self.teams_label.setText(self._teams_text() if not msg else "")
        self._fit_height()

    def _fit_height(self) -> None:
        """The choices grow to the height the wrapped descriptions need at their width (Qt's size
        hint ignores height-for-width, which would squeeze them); the dialog shows them whole
        where the screen has room, and scrolls them where it has not."""
        lay = self.content.layout()
        lay.activate()
        if lay.hasHeightForWidth():
            self.content.setMinimumHeight(lay.totalHeightForWidth(max(self.content.width(),
                                                                      self.content.minimumWidth())))

    def sizeHint(self) -> QSize:
        """The choices whole, with Start below them, as far as the screen has room."""
        self._fit_height()
        margins = self.layout().contentsMargins()
        bottom = self.layout().itemAt(1).sizeHint().height() + self.layout().spacing()
        wanted = QSize(PREFERRED_WIDTH + margins.left() + margins.right()
                       + self.scroll.verticalScrollBar().sizeHint().width(),
                       self.content.minimumHeight() + bottom + margins.top() + margins.bottom())
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        if screen is None:
            return wanted
        frame = self.frameGeometry().size() - self.geometry().size()   # (title bar and borders)
        return wanted.boundedTo(screen.size() - frame)

    def showEvent(self, event) -> None:
        """Shown at the size it needs where the screen has room, and wholly on the screen (over
        a window larger than the screen, centred on it put Start off the screen's edge)."""
        super().showEvent(event)
        self.resize(self.sizeHint())
        if self.screen() is not None:
            room, place = self.screen().availableGeometry(), self.frameGeometry()
            if self.parentWidget() is not None:   # (centred on the window again, at its new size)
                place.moveCenter(self.parentWidget().frameGeometry().center())
            place.moveLeft(max(room.left(), min(place.left(), room.right() - place.width() + 1)))
            place.moveTop(max(room.top(), min(place.top(), room.bottom() - place.height() + 1)))
            self.move(place.topLeft())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_height()

    def _teams_text(self) -> str:
        """Who plays with whom, as the variant's own rule pairs them (asked of a throwaway game)."""
        s = self.setup()
        if not s["variants"]:
            return ""
        names = [seat["name"] for seat in s["seats"]]
        try:
            game = new_game(s["sets"], names, s["variants"], seed=0, honor_pool=s["honor_pool"])
        except (SetupError, SetFileError, ValueError):
            return ""
        sides = game.teams()
        if not sides:
            return ""
        return _("Teams: {teams}").format(teams="  vs  ".join(" & ".join(names[i] for i in side) for side in sides))

    # ------------------------------------------------------------------ presets
    def _refresh_presets(self) -> None:
        self.preset_box.clear()
        self.preset_box.addItem(_("(choose a preset)"), None)
        for name in sorted(self.settings.presets):
            self.preset_box.addItem(name, name)
        self.delete_preset_button.setEnabled(bool(self.settings.presets))

    def _load_preset(self, index: int) -> None:
        name = self.preset_box.itemData(index)
        if name in self.settings.presets:
            self.set_setup(self.settings.presets[name])

    def _save_preset(self) -> None:
        name, ok = QInputDialog.getText(self, _("Save preset"), _("Preset name:"))
        if ok and name.strip():
            self.settings.save_preset(name.strip(), self.setup())
            self._refresh_presets()
            self.preset_box.setCurrentIndex(self.preset_box.findData(name.strip()))

    def _delete_preset(self) -> None:
        name = self.preset_box.currentData()
        if name:
            self.settings.delete_preset(name)
            self._refresh_presets()
