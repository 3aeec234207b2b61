"""The Help window (F1): how a turn goes, what clicks and keys do at this table, and how the
program rules where the rulebooks are silent (``ascension/ui/help.md``); and the way into the
tutorials, for those who would rather be shown."""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPushButton, QTextBrowser, QVBoxLayout

from ascension.core.i18n import _
from ascension.ui.helptext import help_markdown


class HelpDialog(QDialog):
    tutorial_requested = Signal(str)   # which tutorial (a key of ``tutorial.TUTORIALS``)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle(_("Ascension — Help"))
        self.resize(760, 680)
        lay = QVBoxLayout(self)
        self.text = QTextBrowser()
        self.text.setMarkdown(help_markdown())
        self.text.document().setDocumentMargin(14)
        lay.addWidget(self.text, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(self.close)
        self.tutorial_buttons = {}
        for which, text in (("first turn", _("Tutorial: your first turn…")),
                            ("legendary track", _("Tutorial: the Legendary Track…"))):
            b = QPushButton(text)
            b.clicked.connect(lambda checked=False, w=which: (self.tutorial_requested.emit(w), self.close()))
            buttons.addButton(b, QDialogButtonBox.ActionRole)
            self.tutorial_buttons[which] = b
        lay.addWidget(buttons)
