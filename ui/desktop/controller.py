"""The one object between the desktop widgets and the engine.

It owns the :class:`~ascension.core.session.Session`, steps bots with a timer (so the window
never freezes), autosaves after every answer and turns engine results into three signals:
``state_changed`` (repaint), ``decision_requested`` (a person must answer) and
``match_finished`` (show the end screen). Widgets ask it which option a click on a card
stands for; legality comes only from the options of the pending decision.

A move that raises (a plugin's hook, a bot, an engine bug) never costs the game: the session
is put back as it was before the move, nothing changed is autosaved, and ``notice`` says what
failed. A saved game is checked whole before it replaces the game on the table.
"""
from __future__ import annotations

import logging
import secrets
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable

from PySide6.QtCore import QObject, QTimer, Signal

from ascension.core.bots import BotFailed, ask_bot
from ascension.core.engine import Decision, Game
from ascension.core.i18n import _, ngettext, os_error
from ascension.core.match import SetupError
from ascension.core.names import BadName, validate_name
from ascension.core.session import Seat, Session, first_player_drawn
from ascension.ui.history.replay import ReplaySteps
from ascension.ui.moves import make_move

from . import storage
from .background import Background
from .words import bot_name

log = logging.getLogger(__name__)

# Delay between two bot answers, in milliseconds; "instant" runs bots to the next person at once.
SPEEDS = {"instant": 0, "fast": 150, "normal": 450, "slow": 1100}
# Option kinds whose second item is a card instance id (so a click on that card can answer them).
# Other kinds (a "choose one" mode, a plugin's action) are offered as buttons in the side panel.
FAST_REPAINT_S = 0.15  # when bots run without pauses, repaint at most this often


def setup_seats(setup: dict) -> list[Seat]:
    """The seats of a setup dict (the dialog's, a preset's, the settings'); a bad name is a SetupError."""
    seats = []
    for k, s in enumerate(setup["seats"], 1):
        try:
            seats.append(Seat(validate_name(s.get("name")), s.get("kind", "human"), s.get("bot")))
        except BadName as exc:
            raise SetupError(_("seat {n}: {problem}").format(n=k, problem=exc)) from None
    return seats


class Controller(QObject):
    state_changed = Signal()
    decision_requested = Signal(object)   # Decision for a person
    match_finished = Signal(dict)         # summary(): see below
    notice = Signal(str)                  # something went wrong that the person should read
    recorded = Signal()                   # a game went into the history (or could not)

    def __init__(self, autosave: Path | None = None, recorder: Callable[..., object] | None = None,
                 parent=None):
        super().__init__(parent)
        self.session: Session | None = None
        self.recorder = recorder              # stores finished (and abandoned) games in the history:
                                              # recording.Recorder, or record_session(session, ended_at=None)
        self.recorded_id: int | None = None   # the history's id of the game last stored
        self.history_error = ""
        self._recorded: Session | None = None
        self._kept = False   # the game last recorded is in the history, or in a file from which it goes in
        self._recording: _Recording | None = None   # a game just over, being recorded meanwhile
        self._taking_in: threading.Thread | None = None   # a game left for another, going in from its file
        self._practice: Session | None = None   # a tutorial's game: neither autosaved nor recorded
        self._real: Session | None = None       # the last real game: the one the autosave holds
        self.setup: dict | None = None       # what the match was started from, seed included
        self.chosen: dict | None = None      # the setup as chosen, before the seed and seating
        self.speed = "normal"
        self.autosave_path = autosave
        self.autosave_error = ""
        self.autosave_blocked = False   # an earlier game that could not be moved stands there
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._bot_tick)
        self._background = Background(self)
        self._generation = 0          # bumped by every change to the game
        self._thinking: int | None = None
        self._skipping = False
        self._painted = 0.0
        self.hint: tuple[str, str] | None = None   # (move, reason) for the decision now pending
        self.bot_error = ""

    # ------------------------------------------------------------------ starting
    def start(self, setup: dict) -> None:
        """Start a match (raises SetupError for an impossible setup: the dialog checks first).
        With ``first_player`` "random" the seats turn by a draw from the seed; a rematch keeps
        the seats as drawn, so that it deals the same game again."""
        seats, seed = setup_seats(setup), setup.get("seed")
        if setup.get("first_player") == "random":
            seed = secrets.randbits(63) if seed is None else seed
            seats = first_player_drawn(seats, seed)
        session = Session.start(setup["sets"], seats, setup.get("variants", []),
                                seed, setup.get("honor_pool"), setup.get("options"))
        self.chosen = dict(setup)   # as asked for: "play again" deals anew from it (once it could start)
        self.adopt(session, dict(setup, seed=session.game.seed, seats=[asdict(s) for s in seats],
                                 first_player="as seated"))

    def adopt(self, session: Session, setup: dict | None = None, practice: bool = False) -> None:
        """Take over a started or loaded session and get things moving. ``setup`` (for a rematch)
        is rebuilt from the game when not given. A ``practice`` game (a tutorial's) is neither
        autosaved nor kept in the history, so the autosave of a real game stays as it was. A
        real game left unfinished is recorded as abandoned when another real game takes its place
        (and with it the autosave); until then it can still be resumed."""
        self._timer.stop()
        if not practice:
            if self._real is not None and self._real is not session:
                self.give_up(self._real)
            self._real = session
        self._generation += 1
        self._thinking = None
        self._skipping = False
        self.bot_error = ""
        self.session = session
        self._practice = session if practice else None
        if setup is None:   # a loaded game: it is also what "play again" starts from
            s = session.game.ctx.setup
            setup = {"sets": s["sets"], "variants": s["variants"], "seed": s["seed"],
                     "honor_pool": s["honor_pool"], "seats": [asdict(x) for x in session.seats]}
            self.chosen = dict(setup)
        self.setup = setup
        self._changed()

    # ------------------------------------------------------------------ reading
    @property
    def game(self) -> Game:
        return self.session.game

    def decision(self) -> Decision | None:
        return self.session.decision() if self.session else None

    @property
    def practising(self) -> bool:
        """The game on the table is a tutorial's: neither autosaved nor recorded."""
        return self.session is not None and self.session is self._practice

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < len(self.session.seats) and seat not in self.session.bots

    @property
    def humans(self) -> list[int]:
        return [i for i in range(len(self.session.seats)) if self.is_human(i)]

    def human_to_move(self) -> int | None:
        dec = self.decision()
        return dec.seat if dec is not None and self.is_human(dec.seat) else None

    # ------------------------------------------------------------------ answering
    def answer(self, index: int) -> bool:
        """A person answers the pending decision; whether it was made (a move that fails leaves
        it pending)."""
        self._timer.stop()
        if not self._move(lambda: self.session.answer(index)):
            return False
        self._generation += 1
        self._changed()
        return True

    def _move(self, move) -> bool:
        """Make a move; one that raises leaves the game as it was before and says why."""
        failure = make_move(self.session, move)
        if failure is None:
            return True
        self.notice.emit(failure)
        self.state_changed.emit()
        return False

    def options_for_card(self, iid: int) -> list[int]:
        """Indices of the pending options a click on card ``iid`` stands for.

        Identical cards in a hand are one option in the engine, so a click on any copy
        answers the option naming another copy of the same definition."""
        dec = self.decision()
        if dec is None:
            return []
        card_of = self.game.option_card
        hits = [i for i, o in enumerate(dec.options) if card_of(o) == iid]
        if hits:
            return hits
        hand = self.game.players[dec.seat].hand if dec.seat >= 0 else []
        if iid in hand:
            same = self.game.card(iid).id
            return [i for i, o in enumerate(dec.options)
                    if card_of(o) in hand and self.game.card(o[1]).id == same]
        return []

    def visible_cards(self, seat: int) -> set[int]:
        """Cards the table shows as clickable for ``seat``: center row, pile tops, own hand and constructs."""
        g = self.game
        cards = {c for c in g.center_row if c is not None} | {p[-1] for p in g.piles.values() if p}
        if seat >= 0:
            cards |= set(g.players[seat].hand) | set(g.players[seat].constructs)
        return cards

    def other_options(self) -> list[int]:
        """Main-action options no card on the table stands for (gifts, Void cards, plugin actions)."""
        dec = self.decision()
        if dec is None or dec.kind != "action":
            return []
        shown = self.visible_cards(dec.seat)
        out = []
        for i, o in enumerate(dec.options):
            if o[0] in ("end", "play_all"):   # these have their own buttons
                continue
            if self.game.option_card(o) not in shown:
                out.append(i)
        return out

    def end_turn_index(self) -> int | None:
        dec = self.decision()
        if dec is None or dec.kind != "action":
            return None
        return next((i for i, o in enumerate(dec.options) if o[0] == "end"), None)

    def why_not(self, iid: int, seat: int | None, zone: str = "") -> str:
        """Why a click on ``iid`` (shown in ``zone``) does nothing now, for the tooltip.
        Explanations only: what is legal was already decided by the engine's options."""
        dec = self.decision()
        if dec is None:
            return _("The game is over")
        if seat is None or dec.seat != seat:
            return _("Not your turn ({name} is deciding)").format(name=self.game.seat_name(dec.seat))
        if dec.kind != "action":
            return _("Answer the prompt first: {prompt}").format(prompt=dec.prompt)
        g, d, p = self.game, self.game.card(iid), self.game.players[seat]
        if zone == "played":
            return _("Played this turn")
        if zone == "constructs":
            if iid not in p.constructs:
                return _("{name}'s construct").format(name=g.seat_name(g.current))
            if not d.abilities:
                return _("This construct has no ability to use: it works by itself")
            return _("Not usable now (already used this turn, or its condition is not met): {abilities}").format(
                abilities=" ".join(ab.text for ab in d.abilities))
        if zone == "hand":
            return _("Cannot be played now")
        if d.type == "monster":
            if p.power < d.cost:
                return _("Need {cost} power to defeat (you have {power})").format(cost=d.cost, power=p.power)
            return _("Cannot be defeated now")
        price = g.price(seat, iid)
        mech = p.mech_runes if g.buys_as_mechana(seat, iid) else 0
        if p.runes + mech < price:
            if mech:
                return ngettext("Need {price} rune to acquire (you have {runes} + {mech} for Mechana constructs)",
                                "Need {price} runes to acquire (you have {runes} + {mech} for Mechana constructs)",
                                price).format(price=price, runes=p.runes, mech=mech)
            return ngettext("Need {price} rune to acquire (you have {runes})",
                            "Need {price} runes to acquire (you have {runes})", price).format(price=price, runes=p.runes)
        return _("Cannot be acquired now")

    # ------------------------------------------------------------------ play all
    def play_all_index(self) -> int | None:
        """The engine's own "play all" option (it plays every hand card whose play asks nothing,
        including cards drawn meanwhile), when a person may take it now."""
        dec = self.decision()
        if dec is None or dec.kind != "action" or not self.is_human(dec.seat):
            return None
        return next((i for i, o in enumerate(dec.options) if o[0] == "play_all"), None)

    def play_all(self) -> bool:
        i = self.play_all_index()
        if i is not None:
            self.answer(i)
        return i is not None

    # ------------------------------------------------------------------ bots
    # A bot's answer is worked out in a thread (a searching bot may think for a second) from
    # a snapshot (its redacted view and the decision), then applied here in the GUI thread,
    # exactly as Session.step_bot would. An answer that arrives after the game changed (a new
    # game, a load) is dropped: each change bumps ``_generation``.
    def set_speed(self, speed: str) -> None:
        self.speed = speed if speed in SPEEDS else "normal"
        if self.session and self.session.waiting_for_bot() and self._thinking is None:
            self._schedule()

    def _fast_forward(self) -> bool:
        return self.speed == "instant" or self._skipping

    def _schedule(self) -> None:
        self._timer.start(0 if self._fast_forward() else SPEEDS[self.speed])

    def _bot_tick(self) -> None:
        if self.session is None or self._thinking is not None or not self.session.waiting_for_bot():
            return
        dec = self.session.decision()
        bot, view, token = self.session.bots[dec.seat], self.game.view(dec.seat), self._generation
        kind = self.session.bot_kind(dec.seat)
        self._thinking = token
        self._background.run(lambda: (ask_bot(bot, kind, view, dec), bot.explanation()),   # the move and its reason
                             lambda result, error: self._bot_answered(token, result, error), name="bot")

    def _bot_answered(self, token: int, result, error: Exception | None = None) -> None:
        self._thinking = None
        if self.session is None or token != self._generation:
            return
        if error is not None:
            self.bot_error = (_("The bot '{bot}' failed: {error} (Skip bots tries again)").format(
                bot=bot_name(error.bot), error=error.error) if isinstance(error, BotFailed) else
                _("The bot failed: {error} (Skip bots tries again)").format(error=f"{type(error).__name__}: {error}"))
            log.error(self.bot_error, exc_info=error)
            self.notice.emit(_("{problem}. The game is as it was before its move.").format(problem=self.bot_error))
            self._skipping = False
            self.state_changed.emit()
            return
        if not self._move(lambda: self.session.apply_bot(*result)):
            self.bot_error = _("The bot's move failed (Skip bots tries again)")
            self._skipping = False
            self.state_changed.emit()
            return
        self.bot_error = ""
        self._generation += 1
        # Fast-forwarding: repaint a few times a second, not after every bot answer.
        if (self._fast_forward() and self.session.waiting_for_bot()
                and time.monotonic() - self._painted < FAST_REPAINT_S):
            self._timer.start(0)
            return
        self._changed()

    def ask_hint(self) -> tuple[str, str] | None:
        """The session's hint for the person to move (see ``Session.hint``), kept in ``hint``
        until the decision is answered."""
        if self.hint is None and self.human_to_move() is not None:
            self.hint = self.session.hint()
        return self.hint

    def bot_reasons(self) -> list[tuple[str, str]]:
        """(heading, reason) for the bots' recent moves, the latest first ("why this move?")."""
        if self.session is None:
            return []
        seats = self.session.seats
        return [(_("Turn {turn} · {name} ({bot}): {move}").format(turn=m.turn, name=seats[m.seat].name,
                                                                  bot=bot_name(seats[m.seat].bot or "greedy"),
                                                                  move=m.move), m.reason())
                for m in reversed(self.session.recent_bot_moves())]

    def skip_bots(self) -> None:
        """Let the bots play without pauses up to the next person's decision (or the end)."""
        if self.session is None or not self.session.waiting_for_bot():
            return
        self._skipping = True
        if self._thinking is None:
            self._timer.start(0)

    def shutdown(self) -> None:
        """Stop stepping bots (the window is closing); an answer still being worked out is dropped."""
        self._timer.stop()
        self._generation += 1

    # ------------------------------------------------------------------ undo
    def can_undo(self) -> bool:
        """A person may take back their own last answer while it is their decision."""
        seat = self.human_to_move()
        return seat is not None and self.session.can_undo(seat)

    def undo_reveals(self) -> bool:
        return self.session.undo_reveals()

    def undo(self) -> None:
        self._timer.stop()
        self.session.undo()
        self._generation += 1
        self._changed()

    # ------------------------------------------------------------------ saving
    def save_to(self, path: str | Path, session: Session | None = None) -> None:
        """Save ``session`` (by default the game on the table) to ``path``."""
        storage.write_text_atomic(Path(path), (session or self.session).to_json())

    def load_from(self, path: str | Path) -> None:
        """Load a saved session; on any error (raised as SaveFileError) the current game stays."""
        self.adopt(storage.read_session(path))

    def _autosave(self, session: Session | None = None) -> None:
        """Keep the real game (``session``, else the one on the table) in the autosave; a game
        over leaves it only once the history, or a file of its own, has it (:meth:`safe`)."""
        session = session or self.session
        if self.autosave_path is None or session is self._practice:
            return
        if self.autosave_blocked:
            self.autosave_blocked = storage.still_in_the_way(self.autosave_path)
            if self.autosave_blocked:
                self._autosave_failed(storage.in_the_way(self.autosave_path))
                return
        try:
            if self.safe(session):
                self.autosave_path.unlink(missing_ok=True)
            else:
                storage.write_text_atomic(self.autosave_path, session.to_json(), durable=session.over)
            self.autosave_error = ""
        except OSError as exc:   # the game goes on; the window shows the problem
            self._autosave_failed(os_error(exc))

    def safe(self, session: Session) -> bool:
        """Whether a game over is kept without its autosave: in the history, or in a file from
        which it goes in (or there is no history to keep it)."""
        return session.over and (self.recorder is None or self._recorded is session and self._kept)

    def _autosave_failed(self, why: str) -> None:
        error = _("Autosave failed: {error}").format(error=why)
        if error != self.autosave_error:   # said in full once per new failure, not at every move
            self.notice.emit(error)
        self.autosave_error = error
        log.warning(self.autosave_error)

    def unsaved(self) -> Session | None:
        """The real game closing now would lose (the one on the table, or the one a tutorial's
        left): begun, and neither in its autosave (a full or read-only disk) nor, when over, in
        the history or a file. The autosave is tried once more first: the disk may have room again."""
        s = self._real
        if s is None or not s.game.answers or not self.autosave_error:
            return None
        self.finish_recording()   # (nothing else holds the game: what the record does decides)
        if self.safe(s):
            return None
        self._autosave(s)
        return s if self.autosave_error else None

    def give_up(self, session: Session) -> None:
        """A real game another takes the place of: one left before its end is recorded as
        abandoned; one over that neither the history nor a file has yet goes into the history
        now, or else its autosave goes among the saved games (one not begun needs nothing)."""
        self.finish_recording()   # (its record may be under way: the autosave is given up after it)
        if not session.over:
            if session.game.answers:
                self._abandon(session)
        elif not self.safe(session) and self.recorder is not None and self.autosave_path is not None \
                and not self.autosave_error:   # (the autosave holds it: :meth:`unsaved` guards the rest)
            from ascension.ui.history.recording import record_left_over   # (the history is imported when needed)
            said, self.autosave_blocked = record_left_over(self.autosave_path, session, self.recorder)
            self._recorded, self._kept = session, not self.autosave_blocked
            self.notice.emit(said)

    def _abandon(self, session: Session) -> None:
        """Record a game left before its end as abandoned, without freezing the window: its record
        is kept in a file first (quick, and whole on the disk before the new game takes the
        autosave), and goes from there into the history off the window's thread (another program
        holding the history may keep it waiting for seconds). A recorder that keeps no files, or a
        file that cannot be written, records it here and now."""
        keep = getattr(self.recorder, "keep", None)
        if keep is None:
            self._record(session)
            return
        try:
            keep(session)
        except OSError as exc:   # (a full disk, say): the history may take it all the same
            log.warning("the game left could not be kept in a file (%s); recorded now", exc)
            self._record(session)
            return
        except Exception as exc:   # no record can be made of it (a plugin fails reading it): saved whole, or not
            log.error("no record could be made of the game left: %s", exc, exc_info=exc)
            self.notice.emit(_("The game could not be stored in the history: {error}").format(error=exc))
            return
        self._taking_in = self._background.run(self.recorder.take_in_kept, self._taken_in, name="take in")
        if self.autosave_error and not self.autosave_blocked and self.autosave_path is not None:
            try:   # its last saves failed: the file holds an earlier position, which would be offered as the game
                self.autosave_path.unlink(missing_ok=True)
            except OSError as exc:   # (the history's record of it stays the longer one all the same)
                log.warning("%s could not be removed: %s", self.autosave_path, exc)

    def _taken_in(self, taken, error: Exception | None) -> None:
        for said in getattr(taken, "refused", ()):   # (the history held or away: they wait, unsaid)
            self.notice.emit(said)
        if error is not None:
            log.error("games kept for the history could not be taken in: %s", error, exc_info=error)

    def not_resumed(self, session: Session) -> None:
        """A saved game the player chose not to resume: it stays in the autosave until the next
        real game takes its place, and is recorded as abandoned then."""
        if self._real is None:
            self._real = session

    @property
    def recording(self) -> bool:
        """A game just over is being stored in the history (the window goes on meanwhile)."""
        return self._recording is not None

    def recorded_match(self) -> int | None:
        """The history's id of the game on the table, once it is recorded there."""
        return self.recorded_id if self._recorded is self.session and self._recording is None else None

    def finish_recording(self) -> None:
        """Wait for the record under way, if any, and take its outcome now: whatever decides
        what happens to a game's autosave needs it (another game starting, the window closing)."""
        pending = self._recording
        if pending is not None and pending.thread is not None:
            pending.thread.join()
            self._settle(pending)
        taking_in, self._taking_in = self._taking_in, None
        if taking_in is not None:   # (one writer at a time: a game left earlier goes in first)
            taking_in.join()

    def _record(self, session: Session, meanwhile: bool = False) -> None:
        """Store a game in the match history; a failure is reported, never fatal to play. A game
        just over is stored ``meanwhile``, off the window's thread: a history another program
        holds may keep it waiting for seconds, and the window would freeze. Its autosave holds it
        until then; :meth:`finish_recording` waits for it where the outcome matters."""
        if self.recorder is None or session is self._practice:
            return
        self.finish_recording()   # (one record at a time, in the order the games came)
        self._recorded = session
        self.recorded_id = None
        self._kept = False
        pending = _Recording(session)
        recorder = self.recorder

        def work() -> None:   # (the game is over: nothing changes it while this reads it)
            try:
                pending.match_id = recorder(session)
            except Exception as exc:   # taken up by _settle, on the window's thread
                pending.error = exc

        if not meanwhile:
            work()
            self._settle(pending)
            return
        self._recording = pending
        pending.thread = self._background.run(work, lambda _result, _error: self._settle(pending), name="record")

    def _settle(self, pending: _Recording) -> None:
        """Take the outcome of a record (once: waited for, or told by the thread that made it)."""
        if pending.settled:
            return
        pending.settled = True
        meanwhile = pending is self._recording
        self._recording = None
        session, match_id, exc = pending.session, pending.match_id, pending.error
        if exc is None:
            self.recorded_id = match_id if isinstance(match_id, int) else None
            self.history_error = ""
            self._kept = True
        else:  # the history is a convenience: the game goes on without it
            from ascension.ui.history.recording import GameInAFile
            self._kept = isinstance(exc, GameInAFile)
            log.error("could not record the game in the history: %s", exc, exc_info=exc)
            self.history_error = _("The game could not be stored in the history: {error}").format(error=exc)
            if session.over and not self._kept and self.autosave_path is not None and not self.autosave_error:
                self.history_error = self.history_error.rstrip(".") + ". " + _(
                    "The game stays in its autosave and goes into the history when you start another game, or at "
                    "the next start.")
            self.notice.emit(self.history_error)   # (where a kept game waits: worth reading whole)
        if meanwhile:
            if session is self._real:
                self._autosave(session)   # (it held the game over until now: a stop meanwhile loses nothing)
            self.state_changed.emit()
        self.recorded.emit()

    # ------------------------------------------------------------------ after every change
    def _changed(self) -> None:
        self.hint = None   # it was for the decision just answered (or taken back)
        self._autosave()
        if self.session.over and self._recorded is not self.session:
            self._record(self.session, meanwhile=True)
        self._painted = time.monotonic()
        waiting = self.session.waiting_for_bot()
        if not waiting:
            self._skipping = False
        self.state_changed.emit()
        if self.session.over:
            self.match_finished.emit(self.summary())
        elif waiting:
            self._schedule()
        else:
            self.decision_requested.emit(self.decision())

    def summary(self) -> dict:
        """The end screen's content: each side's tokens, card honor and total, winners, tie-break,
        and the honor race (each player's total at the end of every turn)."""
        res = self.session.result()
        g = self.game
        rows = {r["seat"]: r for r in res["scores"]}
        sides = res["sides"] or [[s] for s in rows]
        sides = sides + [[s] for s in rows if not any(s in side for side in sides)]
        out = []
        for side in sides:
            out.append({"seats": side, "names": [g.seat_name(s) for s in side],
                        "members": [rows[s] for s in side],
                        "tokens": sum(rows[s]["tokens"] for s in side),
                        "cards": sum(rows[s]["cards"] for s in side),
                        "total": sum(rows[s]["total"] for s in side),
                        "won": any(s in res["winners"] for s in side)})
        winners = [g.seat_name(s) for s in res["winners"]]
        race = ReplaySteps(g.ctx.setup, g.answers).honor_by_turn()   # rebuilt from seed + answers
        return {"sides": out, "winners": winners, "tie_break": g.tie_break(), "teams": bool(res["sides"]),
                "assisted": res["assisted"], "seed": res["seed"], "capped": g.capped, "turns": g.turn,
                "race": race, "match_id": self.recorded_match()}


@dataclass
class _Recording:
    """A game's record under way: what the thread made of it, taken up once by the window."""
    session: Session
    thread: threading.Thread | None = None   # the thread making it (None: made at once)
    match_id: object = None                  # what the recorder returned
    error: Exception | None = None
    settled: bool = False
