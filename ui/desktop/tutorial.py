"""The tutorials: a prepared table that teaches, one step at a time, with the table's own outlines.

A tutorial is a list of steps. A step either waits for the player to read and press Next, or
waits for one move, named as data: the option's kind and the card it is about ("play" the
Mystic, "acquire" the Wolf Shaman, "card" for a card an effect asks for, "end"). The window
lets only that move through (the card to click is the only one outlined) and goes to the next
step when it is made; a question the steps did not foresee is answered freely. The deal is set
up with ``ascension.core.scenario``, so the steps always find their cards. A tutorial game is
practice: it is neither autosaved nor kept in the history.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout

from ascension.core.i18n import N_, _
from ascension.core.scenario import arrange, set_resources, set_row, stack_center_deck
from ascension.core.session import Seat, Session

SEED = 2026   # any seed: the cards the steps use are arranged


@dataclass(frozen=True)
class Step:
    text: str                  # in English (marked for the catalogue): shown translated
    kind: str | None = None    # the option kind the step waits for; None: the player reads, then Next
    card: str | None = None    # the name of the card that move is about

    def wants(self, game, option: tuple) -> bool:
        """Whether ``option`` is the move this step asks for (by its kind and card, never its label)."""
        if self.kind is None or option[0] != self.kind:
            return False
        card = game.option_card(option)
        return self.card is None or (card is not None and game.card(card).name == self.card)


FIRST_TURN = (
    Step(N_("Welcome! On your turn you play the cards in your hand for runes (◆, to acquire new cards) "
            "and power (⚔, to defeat monsters). Cards and monsters give honor (⬢): the most honor wins. "
            "This table is prepared to show one turn. Press Next.")),
    Step(N_("Play a card: click the Mystic in your hand, outlined in gold. It gives 2 runes."), "play", "Mystic"),
    Step(N_("Play the Apprentice too: 1 rune more. Your runes and power show above your hand."), "play", "Apprentice"),
    Step(N_("Acquire: you have 3 runes, the price of the Wolf Shaman in the center row. Click it: it goes to "
            "your discard pile, comes into your hand in a later turn, and a new card takes its place."),
            "acquire", "Wolf Shaman"),
    Step(N_("Play the Heavy Infantry: 2 power."), "play", "Heavy Infantry"),
    Step(N_("Defeat: the Cultist, under Always available, costs 2 power. Click it: it gives 1 honor and "
            "goes to the Void. He is always there to fight."), "defeat", "Cultist"),
    Step(N_("Constructs stay in play from turn to turn. Play the Shadow Star from your hand."), "play", "Shadow Star"),
    Step(N_("Use a construct: click the Shadow Star among your cards in play. Once a turn it gives 1 power."),
            "use", "Shadow Star"),
    Step(N_("Banish: play the Seer of the Forked Path. It draws a card, then banishes a card of the "
            "center row to the Void."), "play", "Seer of the Forked Path"),
    Step(N_("Click the Corrosive Widow, outlined in blue, to banish it: a new card is dealt in its place. "
            "Other heroes banish the weak cards of your own deck, which makes it stronger."),
            "card", "Corrosive Widow"),
    Step(N_("The end: click End turn (E). You drew a Militia and have 1 power left: the table asks before "
            "anything is wasted. Then your cards go to the discard pile and you draw five new ones."), "end"),
    Step(N_("That was a turn. Bob, the easy bot, plays next; then it is your turn again. Play on, or start a "
            "real game with New game (Ctrl+N). Help (F1) explains the rest.")),
)

TRACK_TOUR = (
    Step(N_("The Legendary Track is the board above the center row: a track for each faction. The lettered "
            "discs are the players' markers, in the colour of the dot before each name. Press Next.")),
    Step(N_("Cards with a Renown Threshold move you along their faction's track when you play them, and "
            "some effects say \"gain Renown\".")),
    Step(N_("Spaces 3, 6 and 9 earn that faction's Boon (its Legend, beside the track, says what it does). "
            "A Boon waits until the end of your turn: use it from Other actions in the panel on the right.")),
    Step(N_("Space 12 gives Legendary status: one free take of that faction's cards every turn. "
            "Play on; Help (F1) has the rulings.")),
)


def first_turn_session(name: str = "Ann") -> Session:
    """A 10th game against the easy bot, dealt so that one turn shows every kind of move."""
    session = Session.start(["10th"], [Seat(name), Seat("Bob", "bot", "easy")], seed=SEED)
    game = session.game
    arrange(game, 0, hand=["Mystic", "Apprentice", "Heavy Infantry", "Shadow Star", "Seer of the Forked Path"],
            deck=["Militia"])
    set_row(game, ["Wolf Shaman", "Corrosive Widow", "Arha Templar", "Flytrap Witch", "Landtalker",
                   "Master Dhartha"])
    stack_center_deck(game, ["Temple Librarian", "Druids of the Stone Circle"])   # the cards dealt next
    set_resources(game, 0)
    # The log's lines about the row first dealt would name cards no longer there: the row was set.
    game.log[:] = [e for e in game.log if e.kind != "center_dealt"]
    return session


def track_session(name: str = "Ann") -> Session:
    """A game with the Legendary Track, against the easy bot, at its first turn."""
    return Session.start(["10th"], [Seat(name), Seat("Bob", "bot", "easy")], ["legendary"], seed=SEED)


TUTORIALS = {"first turn": (FIRST_TURN, first_turn_session), "legendary track": (TRACK_TOUR, track_session)}


class Tutorial:
    """Where the player is in a tutorial's steps."""

    def __init__(self, steps: tuple[Step, ...]):
        self.steps, self.at = steps, 0

    @property
    def step(self) -> Step:
        return self.steps[self.at]

    @property
    def finished(self) -> bool:
        """At the last step: it says goodbye and no longer guides the game."""
        return self.at >= len(self.steps) - 1

    def allows(self, game, decision, option: tuple) -> bool:
        """Whether the player may make this move now: the one the step asks for, or any answer
        to a question the steps did not foresee."""
        if self.finished:
            return True
        if self.step.kind is None:
            return False
        foreseen = any(self.step.wants(game, o) for o in decision.options)
        return self.step.wants(game, option) or not foreseen

    def advance(self) -> None:
        self.at = min(self.at + 1, len(self.steps) - 1)


class TutorialBar(QFrame):
    """The step's text above the table, with Next (for a step that is read) and Leave."""

    next_clicked = Signal()
    leave_clicked = Signal()

    def __init__(self):
        super().__init__()
        self.setObjectName("tutorial")
        self.setStyleSheet("#tutorial { background: #e8f1fb; border-bottom: 2px solid #2a6fb0; }"
                           "#tutorial QLabel { color: #12283f; }")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(12, 8, 8, 8)
        text = QVBoxLayout()
        self.title = QLabel()
        f = self.title.font()
        f.setBold(True)
        self.title.setFont(f)
        self.text = QLabel()
        self.text.setTextFormat(Qt.PlainText)
        self.text.setWordWrap(True)
        # Two lines whatever the step says, so that the table below does not move from step to step.
        self.text.setMinimumHeight(2 * self.text.fontMetrics().lineSpacing())
        self.text.setAlignment(Qt.AlignLeft | Qt.AlignTop)
        text.addWidget(self.title)
        text.addWidget(self.text)
        lay.addLayout(text, 1)
        self.next_button = QPushButton(_("Next"))
        self.next_button.setDefault(True)
        self.next_button.clicked.connect(self.next_clicked)
        self.leave_button = QPushButton(_("Leave tutorial"))
        self.leave_button.clicked.connect(self.leave_clicked)
        lay.addWidget(self.next_button, 0, Qt.AlignVCenter)
        lay.addWidget(self.leave_button, 0, Qt.AlignVCenter)
        self.hide()

    def show_step(self, tutorial: Tutorial) -> None:
        self.title.setText(_("Tutorial · step {n} of {total}").format(n=tutorial.at + 1, total=len(tutorial.steps)))
        self.text.setText(_(tutorial.step.text))
        self.next_button.setVisible(tutorial.step.kind is None)
        self.next_button.setText(_("Close") if tutorial.finished else _("Next"))
        self.leave_button.setVisible(not tutorial.finished)
        self.show()
