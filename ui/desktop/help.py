"""The Help window (F1): how a turn goes, what clicks and keys do at this table, and how the
program rules where the rulebooks are silent (``ascension/ui/help.md``)."""
from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout

from ascension.ui.helptext import help_markdown


class HelpDialog(QDialog):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Ascension — Help")
        self.resize(760, 680)
        lay = QVBoxLayout(self)
        self.text = QTextBrowser()
        self.text.setMarkdown(help_markdown())
        self.text.document().setDocumentMargin(14)
        lay.addWidget(self.text, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(self.close)
        lay.addWidget(buttons)
