"""The terminal game: one person against one or more bots (or alone against a solo variant's
villain, such as Samael), answering every decision with a label that keeps its meaning all
turn (see :class:`Labels`).

Input and output are injected (``input_fn`` reads one answer, ``out`` writes one line) so
tests play whole games from a list of answers instead of patching ``input()``. The person
only ever sees what their seat may know: their own hand, public zones and counts.

A game is never thrown away: with ``autosave`` it is saved after every answer and offered
again at the next start; ``q`` asks first; a move that fails leaves the game as it was and the
question is asked again; an answer that is not one of the labels shown is asked again.
"""
from __future__ import annotations

import json
import logging
import secrets
from collections import Counter
from functools import partial
from pathlib import Path
from string import ascii_lowercase
from typing import Callable

from ascension.core import rng
from ascension.core.bots import bot_kinds
from ascension.core.cards import cost_words
from ascension.core.engine import Decision, Game
from ascension.core.i18n import N_, _, card_name, ngettext, os_error, pgettext
from ascension.core.match import SaveFileError, SaveNotUsableNow
from ascension.core.names import validate_name
from ascension.core.plugins import installed
from ascension.core.session import BotMove, Seat, Session
from ascension.core.wording import and_list, faction_name, unspent_lines
from ascension.ui.desktop import storage
from ascension.ui.helptext import sections
from ascension.ui.moves import make_move

log = logging.getLogger(__name__)

Out = Callable[[str], None]


def human_seat(seed: int, players: int = 2) -> int:
    """Where the person sits is part of the deal: derived from the seed, so a replay seats you the same."""
    return rng.below(rng.derive(seed, "terminal:human_seat"), players)[1]


UNDO = -1   # what ``ask`` returns when the person takes back their last answer
QUIT = -2   # ... when they type q (EOF, the input closed, returns None: a quit without asking)
KEYS = N_("Type an option's label (p2 plays the second card kind of your hand, a3 acquires and d3 defeats "
         "center-row card 3, am a Mystic, u1 uses construct 1, P plays all, E ends the turn: a label means "
         "the same all turn; inside an effect, a number or y/n)")
RULES_SECTIONS = (N_("Your turn"), N_("Rulings"))   # the help's sections that are not about the window
ORDINALS = (N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth"), N_("sixth"))
TYPE_NAMES = {"hero": N_("hero"), "construct": N_("construct"), "monster": N_("monster")}


def yes_words() -> tuple[str, ...]:
    """What counts as a yes: y and yes, and the language's own (German: j, ja)."""
    return ("y", "yes", pgettext("answer", "y"), pgettext("answer", "yes"))


def bot_seats(bots: list[str]) -> list[Seat]:
    """One seat per bot, named after its kind ("Greedy bot", or "Greedy bot 1", "Greedy bot 2")."""
    names = [_("{kind} bot").format(kind=b.capitalize()) for b in bots]
    return [Seat(n + (f" {names[:i + 1].count(n)}" if names.count(n) > 1 else ""), "bot", b)
            for i, (n, b) in enumerate(zip(names, bots))]


def play(seed: int | None = None, bot: str = "greedy", name: str = "Player",
         input_fn: Callable[[str], str] = input, out: Out = print, sets: tuple[str, ...] = ("10th",),
         db=None, variants: tuple[str, ...] = (), autosave: Path | None = None, new: bool = False,
         load: Path | None = None) -> Game:
    """Play one game through a :class:`Session` (bots, undo, the bots' reasons) against ``bot``
    (comma-separated: one bot per opponent), or a solo game when ``variants`` holds a solo
    variant (``samael``, ``cult``); returns the game (not over if the person quit).

    With ``autosave`` (a file), the game is saved there after every answer, and an unfinished
    game found there is offered to resume (unless ``new``). With ``db`` (a history path or URL),
    the game is recorded there once: when it ends, or as abandoned when it is given up: the
    person quits or it stops on an error with no autosave to resume it from, or the saved game
    is not resumed and the new one takes its place. A set-up the rules do not allow raises
    SetupError, a bad ``name`` BadName, before anything is shown.

    With ``load`` (a file the game was saved in), that game goes on, kept in that file after
    every answer instead of the autosave (which is left alone); a file that holds no game to go
    on with raises SaveFileError, and the file stays as it is."""
    saved = Autosave(load or autosave, named=load is not None)
    waiting = None if autosave is None or load is not None else saved_game(saved, out, db)
    resume = waiting is not None and not new and wants_to_resume(waiting, input_fn)
    if resume is None:   # the input closed at the question: nothing is changed
        out(_("Nothing was changed: the saved game stays, to resume at the next start."))
        return waiting[0].game
    if load is not None:
        session, me = terminal_session(load)
        if session.over and db is not None:   # (one the history could not take as it ended: it goes in now)
            out(_("{path}: that game is over; it goes into the history ('ascension replay {path}' shows it).").format(
                path=load))
            record(session, db, out)
            return session.game
        if session.over:
            raise SaveFileError(_("{path}: that game is over; 'ascension replay {path}' shows it").format(path=load))
        seed = session.game.seed
        out(_("Resuming the game of seed {seed} at turn {turn} from {path}, where it is kept after every answer.")
            .format(seed=seed, turn=session.game.turn, path=load))
    elif resume:
        session, me = waiting
        seed = session.game.seed
        out(_("Resuming the game of seed {seed} at turn {turn}.").format(seed=seed, turn=session.game.turn))
    else:
        name = validate_name(name)
        seed = secrets.randbits(63) if seed is None else seed
        session, me = start(seed, bot, name, sets, variants, out)
        if waiting is not None and waiting[0].game.answers:   # its autosave is about to hold the new game
            record(waiting[0], db, out, not_resumed=True)
    shown, table, thinking, labels = 0, None, None, Labels()
    saved.keep(session, out)   # from its first moment (a bot may move first), in place of a game not resumed

    def leave() -> None:
        """The game stops before its end: one its autosave holds is recorded when it ends (or is
        given up) later; one nothing holds is recorded as abandoned now."""
        if not saved.holds_game:
            record(session, db, out)
    try:
        while not session.over:
            if session.waiting_for_bot():
                seat = session.seats[session.decision().seat]
                kind = bot_kinds().get(seat.bot or "")
                if kind is not None and kind.slow and thinking != seat.name:   # a search takes a few seconds a turn: say so
                    shown = show_log(session.game, shown, out)       # after what happened before
                    out("  " + _("({name} is thinking…)").format(name=seat.name))
                    thinking = seat.name
                failure = make_move(session, session.step_bot)
                if failure:   # the bot would only fail again: stop here, the game saved as it was
                    saved.keep(session, out)
                    out(failure + " " + (_("The bot cannot go on, so the game stops here; it is saved in {path}: "
                                           "resume it with 'ascension play --load {path}'.").format(path=saved.path)
                                         if saved.holds_game and saved.named else
                                         _("The bot cannot go on, so the game stops here; it is saved and offered "
                                           "again at the next start.") if saved.holds_game else
                                         _("The bot cannot go on, so the game stops here.")))
                    leave()
                    return session.game
                continue
            thinking = None
            saved.keep(session, out)
            game = session.game
            shown = show_log(game, shown, out)
            table = show_table(game, me, out, table, session.new_in_center(me), labels)
            answer = ask(game, game.decision(), input_fn, out, session.recent_bot_moves(), session.hint, labels)
            if answer == QUIT and not sure_to_quit(input_fn, saved.holds_game):
                continue
            if answer == QUIT and saved.failed and not saved.holds_game:   # nothing keeps it: offer a file, as the desktop's close does
                save_elsewhere(session, saved, input_fn, out)
            if answer in (None, QUIT):
                out(left_the_game(seed, saved))
                leave()
                return session.game
            if answer == UNDO:
                take_back(session, me, out, input_fn)
                shown, table = len(session.game.log), None   # show the whole table again
                continue
            if not sure_to_end(session, answer, input_fn):
                continue
            failure = make_move(session, lambda: session.answer(answer))
            if failure:
                out(failure)
            saved.keep(session, out)
    except KeyboardInterrupt:   # Ctrl-C: said here, where it is known whether the game is kept
        out("\n" + left_the_game(seed, saved))
        leave()
        raise
    except Exception as exc:   # a fault outside any move (showing the table, a hint): the game is saved
        log.error("the terminal game stopped on an error", exc_info=exc)
        error = session.fault(exc)
        out(_("The game stopped on an error in the program: {error}. It is saved in {path}: resume it with "
              "'ascension play --load {path}'.").format(error=error, path=saved.path) if saved.holds_game and saved.named
            else _("The game stopped on an error in the program: {error}. It is saved and offered again at the next "
                   "start.").format(error=error) if saved.holds_game else
            _("The game stopped on an error in the program: {error}.").format(error=error))
        leave()
        return session.game
    saved.keep(session, out)   # the game over stays there until the history (or a file) has it
    try:
        show_log(session.game, shown, out)
        show_result(session.game, out)
    except Exception as exc:   # (a plugin failing as the scores are read): the game still goes in
        log.error("the final scores could not be shown", exc_info=exc)
        out(_("The final scores cannot be shown: {error}.").format(error=session.fault(exc)))
    if record(session, db, out):
        saved.discard(session)
    elif saved.holds_game and not saved.named:
        out(_("The game stays in {path} and goes into the history at the next start.").format(path=saved.path))
    elif not saved.holds_game:   # neither the history nor the autosave has it: offer a file
        save_elsewhere(session, saved, input_fn, out)
    return session.game


def left_the_game(seed: int, saved: "Autosave") -> str:
    if saved.holds_game and saved.named:
        return _("You left the game. It is saved in {path}: resume it with 'ascension play --load {path}'. Seed "
                 "{seed} deals the same game again.").format(seed=seed, path=saved.path)
    return (_("You left the game. It is saved: play again to resume it. Seed {seed} deals the same game again.")
            if saved.holds_game else _("You left the game. Seed {seed} deals the same game again.")).format(seed=seed)


def save_elsewhere(session: Session, saved: "Autosave", input_fn: Callable[[str], str], out: Out) -> None:
    """The autosave failed, so leaving would lose the game (or a game over the history could not
    take): ask for a file to save it in (again after a failure) until it is saved there or the
    person leaves it unsaved (Enter)."""
    while True:
        try:
            typed = input_fn((_("The game is not saved ({error}). Type a file to save it in (resume it later with "
                                "'ascension play --load FILE'), or press Enter to leave it unsaved: ") if not session.over
                              else _("The finished game is neither recorded nor saved ({error}). Type a file to save "
                                     "it in (loaded in the desktop program, it goes into the history), or press "
                                     "Enter to leave it unsaved: ")).format(error=saved.error)).strip()
        except EOFError:
            return
        if not typed:
            return
        path = storage.save_name(Path(typed).expanduser())
        if path.exists() and not yes(input_fn, _("{path} already exists. Replace it with this game? (y/n): ").format(path=path)):
            continue
        try:
            storage.write_text_atomic(path, session.to_json())
        except OSError as exc:
            saved.error = _("it could not be saved to {path}: {error}").format(path=path, error=os_error(exc, path))
            continue
        saved.path, saved.named, saved.holds_game = path, True, True
        return


def start(seed: int, bot: str, name: str, sets, variants, out: Out) -> tuple[Session, int]:
    """A new game and the person's seat, after saying who plays whom."""
    variant_infos = installed().variants()
    solo = next((variant_infos[v] for v in variants if v in variant_infos and variant_infos[v].solo), None)
    bots = [] if solo else [b.strip() for b in bot.split(",") if b.strip()]
    me = human_seat(seed, len(bots) + 1)
    seats = bot_seats(bots)
    seats.insert(me, Seat(name))
    session = Session.start(list(sets), seats, list(variants), seed)
    if solo:
        out(_("Ascension — seed {seed}. You are {name}.").format(seed=seed, name=name) + f" {_(solo.summary)} "
            + _("{keys}, u to take back your last answer, h for a hint, r for the rules, or q to quit.").format(
                keys=_(KEYS)))
        return session, me
    opponents = session.game.opponents(me)
    against = ", ".join(s.name for i, s in enumerate(seats) if i in opponents)
    mates = [s.name for i, s in enumerate(seats) if i != me and i not in opponents]
    where = dict(seed=seed, name=name, ordinal=_(ORDINALS[me]), players=len(seats), against=against,
                 mates=and_list(mates))
    if mates:
        intro = ngettext("Ascension — seed {seed}. You are {name}; you play {ordinal} of {players}, with {mates} "
                         "as your teammate, against {against}.",
                         "Ascension — seed {seed}. You are {name}; you play {ordinal} of {players}, with {mates} "
                         "as your teammates, against {against}.", len(mates)).format(**where)
    else:
        intro = _("Ascension — seed {seed}. You are {name}; you play {ordinal} of {players}, against {against}."
                  ).format(**where)
    out(intro + " " + _("{keys}, u to take back your last answer, w for why the bots moved as they did, h for a "
                        "hint, r for the rules, or q to quit.").format(keys=_(KEYS)))
    return session, me


def saved_game(saved: Autosave, out: Out, db=None) -> tuple[Session, int] | None:
    """The unfinished game in the autosave (or else a game put on hold from it that can be
    resumed now), with the person's seat. One that is sound but cannot be resumed here (a plugin
    or bot not installed, the file unreadable for now) is put on hold, out of the new game's
    way; a damaged one is set aside beside it; a finished one (the history at ``db`` could not
    take it as it ended) goes into the history now, or else among the saved games. The person is
    told which, and where it is; one that cannot be moved blocks the autosave, so that the new
    game is not saved over it."""
    path = saved.path
    storage.release_held_game(path)
    if not path.exists():
        return None
    try:
        session, me = terminal_session(path)
    except SaveNotUsableNow as exc:
        try:
            out(_("The autosaved game cannot be resumed here now ({error}); it was kept as {path} and is offered "
                  "again when it can be resumed.").format(error=exc.reason, path=storage.put_on_hold(path)))
        except OSError as move_exc:
            out(_("The autosaved game cannot be resumed here now ({error}); it could not be moved out of the new "
                  "game's way either ({move_error}).").format(error=exc.reason, move_error=os_error(move_exc)))
            saved.blocked = True
        return None
    except SaveFileError as exc:
        try:
            out(_("The autosaved game could not be resumed ({error}); it was set aside as {path}.").format(
                error=exc, path=storage.set_aside(path)))
        except OSError as move_exc:
            out(_("The autosaved game could not be resumed ({error}); it could not be set aside either "
                  "({move_error}).").format(error=exc, move_error=os_error(move_exc)))
            saved.blocked = True
        return None
    if session.over:
        from ascension.ui.history.recording import record_left_over, record_session
        said, saved.blocked = record_left_over(path, session, None if db is None else partial(record_session, db=db))
        out(said)
        return None
    return session, me


def terminal_session(path: Path) -> tuple[Session, int]:
    """The game saved at ``path`` and the person's seat, or SaveFileError saying why it is none
    the terminal can play (one person seated, the others bots)."""
    session = storage.read_session(path)
    people = [i for i, s in enumerate(session.seats) if s.kind == "human"]
    if len(people) > 1:   # a hot-seat game: the desktop hands the screen from one person to the next
        raise SaveFileError(_("{path}: a game of {n} people at one screen, which the terminal game does not play; "
                              "open it in the desktop program (ascension-desktop, then Load)").format(
            path=path, n=len(people)))
    if not people:
        raise SaveFileError(_("{path}: a game of bots only, with no seat for you; watch it in the desktop program "
                              "(ascension-desktop, then Load)").format(path=path))
    return session, people[0]


def wants_to_resume(saved: tuple[Session, int], input_fn: Callable[[str], str]) -> bool | None:
    """y resumes the saved game, n starts a new one in its place (the saved one goes into the
    history as abandoned); anything else asks again, since a slip would give the game up; the
    input closing answers neither (None): nothing is to change."""
    session, me = saved
    side = next((team for team in session.game.teams() if me in team), [me])   # (a teammate is no opponent)
    mates = ", ".join(session.seats[i].name for i in side if i != me)
    others = ", ".join(s.name for i, s in enumerate(session.seats) if i not in side) or _("a solo villain")
    question = (_("An unfinished game was saved ({name} with {mates} against {others}, turn {turn}). Resume it? "
                  "(y/n): ") if mates else
                _("An unfinished game was saved ({name} against {others}, turn {turn}). Resume it? (y/n): ")).format(
        name=session.seats[me].name, mates=mates, others=others, turn=session.game.turn)
    while True:
        try:
            answer = input_fn(question).strip().lower()
        except EOFError:
            return None
        if answer in yes_words():
            return True
        if answer in no_words():
            return False


def no_words() -> tuple[str, ...]:
    """What counts as a no where a slip would cost something: n and no, and the language's own."""
    return ("n", "no", pgettext("answer", "n"), pgettext("answer", "no"))


class Autosave:
    """The file the game is kept in after every answer (none when ``path`` is None). The
    autosave's file is removed once the game is over and in the history (:meth:`discard`),
    there being nothing to resume; a file the person named (``named``: ``--load``) keeps the
    finished game. A failure is said once, and play goes on."""

    def __init__(self, path: Path | None, named: bool = False):
        self.path, self.named = path, named
        self.failed = False
        self.error = ""           # why the last save failed
        self.holds_game = False   # the game as it stands is there, to resume
        self.blocked = False      # an earlier game that could not be moved stands there

    def keep(self, session: Session, out: Out) -> None:
        if self.path is None:
            return
        if self.blocked:
            self.blocked = storage.still_in_the_way(self.path)
            if self.blocked:
                self._failed(storage.in_the_way(self.path), out)
                return
        try:
            storage.write_text_atomic(self.path, session.to_json(), durable=self.named or session.over)
            self.holds_game = True
        except OSError as exc:
            self._failed(os_error(exc, self.path), out)

    def discard(self, session: Session) -> None:
        """The game is over and kept elsewhere (the history, or a file from which it goes in): the
        autosave goes (a file the person named stays), also when its last saves failed (a full
        disk): an earlier position of this game would be offered at the next start, and recorded
        a second time."""
        if self.path is None or self.named or self.blocked:
            return
        if not self.holds_game and not self._holds_earlier(session):
            return
        try:
            self.path.unlink(missing_ok=True)
        except OSError as exc:   # (at the next start it is found recorded already)
            log.warning("%s could not be removed: %s", self.path, exc)

    def _holds_earlier(self, session: Session) -> bool:
        """Whether the file holds an earlier position of ``session``'s game (its setup, seed
        included, and its start)."""
        def identity(text: str) -> tuple:
            d = json.loads(text)
            return d["game"]["setup"], d["started_at"]
        try:
            return identity(storage.read_save_text(self.path)) == identity(session.to_json())
        except (OSError, ValueError, KeyError, TypeError):
            return False

    def _failed(self, why: str, out: Out) -> None:
        self.holds_game = False
        self.error = why
        if not self.failed:
            out(_("The game could not be saved to {path}: {error}. Play goes on.").format(path=self.path, error=why))
        self.failed = True


def yes(input_fn: Callable[[str], str], question: str) -> bool:
    """Only y (or yes, or the language's own yes) is a yes; anything else, or the input closing, is a no."""
    try:
        return input_fn(question).strip().lower() in yes_words()
    except EOFError:
        return False


def sure_to_quit(input_fn: Callable[[str], str], saved: bool) -> bool:
    """q asks first; y (or q again) leaves."""
    question = _("Leave the game? It stays saved, to resume later. (y/n): ") if saved else _("Leave the game? (y/n): ")
    try:
        raw = input_fn(question).strip().lower()
    except EOFError:
        return True
    return raw in (*yes_words(), "q", "quit")


def take_back(session: Session, me: int, out: Out, input_fn: Callable[[str], str]) -> None:
    """Undo the person's last answer and the bot's moves after it, saying what that means; past
    a card they have seen since (a draw, a shuffle, a new center card) only if they say y, as the
    desktop asks: the game then counts as assisted."""
    if not session.can_undo(me):
        out(_("There is no answer of yours to take back."))
        return
    reveals = session.undo_reveals()
    if reveals and not yes(input_fn, _("You have seen new cards since your last answer (a draw, a shuffle or a "
                                       "new center card): taking it back marks the game as assisted in the "
                                       "history. Take it back? (y/n): ")):
        out(_("Nothing was taken back."))
        return
    session.undo()
    out(_("Your last answer is taken back (you had seen new cards since: the game now counts as assisted in the "
          "history).") if reveals else _("Your last answer is taken back."))


def sure_to_end(session: Session, index: int, input_fn: Callable[[str], str]) -> bool:
    """Ending the turn with something still to use (cards, runes, power, a construct's ability)
    asks first, naming each, as the desktop does; only y ends it."""
    left = session.unspent_if_ending(index)
    return not left or yes(input_fn, _("You still have {unspent}. End your turn anyway? (y/n): ").format(
        unspent="; ".join(unspent_lines(session.game, left))))


def record(session: Session, db, out: Out, not_resumed: bool = False) -> bool:
    """Store the game in the history at ``db`` (nothing when None); a failure is reported, not
    raised. ``not_resumed``: the saved game the person chose not to go on with. Whether the game
    is kept without its autosave: in the history, in a file from which it goes in, or nowhere
    by the person's choice (no history)."""
    if db is None:
        return True
    from ascension.ui.history.db import HistoryError
    from ascension.ui.history.recording import GameInAFile, record_session
    try:
        match_id = record_session(session, db)
    except Exception as exc:  # the game itself is over: say why it was not stored (or where it waits), and go on
        error = str(exc) if isinstance(exc, HistoryError) else f"{type(exc).__name__}: {exc}"
        out(_("The game could not be recorded in the history: {error}").format(error=error))
        return isinstance(exc, GameInAFile)
    out(_("Game recorded in the history (match {id}).").format(id=match_id) if session.over else
        _("The saved game you did not resume is recorded in the history as abandoned (match {id}).").format(
            id=match_id) if not_resumed else
        _("Abandoned game recorded in the history (match {id}).").format(id=match_id))
    return True


class Labels:
    """The keys the person types, worked out from the options' data (never from their wording).

    For the main action a key keeps its meaning all turn, so a finger that typed it a moment ago
    still does what the table shows: ``p2`` plays the card kind shown second in the hand (numbered
    in the order first shown this turn; the numbers of the cards that leave are not given again),
    ``a3`` / ``d3`` acquires / defeats center-row card 3 (a slot changes card only when it is
    refilled, which the table marks), ``am`` / ``dc`` a pile's card (the letter the table shows),
    ``u1`` uses construct 1 (``u1b``: its second ability), ``g3`` gives card 3 to a teammate,
    ``be`` uses an Enlightened Boon, ``le3`` the Enlightened Legend on card 3, ``P`` plays all,
    ``E`` ends the turn; an option of a kind not known here gets ``x1``, ``x2``... A question inside
    an effect is numbered 1 to n (its options stay put while it is open), a yes-no one is y or n.
    Typing is case-blind: ``p`` is ``P``."""

    SINGLE = {"play_all": "P", "end": "E", "yes": "y", "no": "n"}

    def __init__(self) -> None:
        self.hand: dict[int, dict[str, int]] = {}        # turn → card kind (definition id) → its number
        self.constructs: dict[int, dict[int, int]] = {}  # turn → construct instance → its number

    def note(self, game: Game, me: int) -> tuple[dict[str, int], dict[int, int]]:
        """This turn's numbers for ``me``'s hand kinds and constructs, the new ones numbered after
        those given before (kept per turn, so taking back the end of a turn finds them again)."""
        p = game.players[me]
        first = game.turn not in self.hand
        hand = self.hand.setdefault(game.turn, {})
        constructs = self.constructs.setdefault(game.turn, {})
        for c in (p.played if first else []) + p.hand:   # resumed mid-turn: the played cards came first
            hand.setdefault(game.card(c).id, len(hand) + 1)
        for c in p.constructs:
            constructs.setdefault(c, len(constructs) + 1)
        return hand, constructs

    def of(self, game: Game, dec: Decision) -> list[str]:
        """One label per option of ``dec``, in the options' order."""
        if dec.kind != "action":
            if {o[0] for o in dec.options} == {"yes", "no"}:
                return [self.SINGLE[o[0]] for o in dec.options]
            return [str(i) for i in range(1, len(dec.options) + 1)]
        hand, constructs = self.note(game, dec.seat)
        place = {c: str(slot) for slot, c in enumerate(game.center_row, 1) if c is not None}
        place.update((pile[-1], letter) for key, letter in pile_letters(game).items()
                     if (pile := game.piles[key]))
        labels: list[str] = []
        for option in dec.options:
            kind = option[0]
            if kind in self.SINGLE:
                label = self.SINGLE[kind]
            elif kind == "play" and game.card(option[1]).id in hand:
                label = f"p{hand[game.card(option[1]).id]}"
            elif kind == "use" and option[1] in constructs:
                several = len(game.card(option[1]).abilities) > 1
                label = f"u{constructs[option[1]]}" + (ascii_lowercase[option[2]] if several else "")
            elif kind in ("acquire", "defeat", "gift") and option[1] in place:
                label = kind[0] + place[option[1]]
            elif kind == "boon" and isinstance(option[1], str):
                label = "b" + option[1][:1]
            elif kind == "legendary" and option[2] in place:
                label = f"l{option[1][:1]}{place[option[2]]}"
            else:
                label = ""
            if not label or label.lower() in map(str.lower, labels):   # never two options on one key
                label = f"x{sum(x.startswith('x') for x in labels) + 1}"
            labels.append(label)
        return labels


def pile_letters(game: Game) -> dict[str, str]:
    """The letter of each always-available pile (its card's initial, or the next free letter of
    its name): m Mystic, h Heavy Infantry, c Cultist."""
    letters: dict[str, str] = {}
    for key in game.piles:
        name = game.ctx.by_id[key].name.lower()
        letters[key] = next(ch for ch in name + ascii_lowercase
                            if "a" <= ch <= "z" and ch not in letters.values())
    return letters


def show_log(game: Game, shown: int, out: Out) -> int:
    """Print the events since the last prompt (this is how the bot's turn is seen)."""
    for event, line in game.log_lines(game.log[shown:]):
        out(f"  · {line}")
    return len(game.log)


def _names(game: Game, cards: list[int]) -> str:
    counts = Counter(card_name(game.name_of(c)) for c in cards)
    return ", ".join(n if k == 1 else f"{n} ×{k}" for n, k in counts.items()) or "—"


def card_kind(d) -> str:
    """A card's factions and type as cards print them: "Enlightened hero", "monster"."""
    kind = _(TYPE_NAMES[d.type]) if d.type in TYPE_NAMES else d.type
    if not d.factions:
        return kind
    return _("{factions} {kind}").format(factions=" ".join(faction_name(f) for f in d.factions), kind=kind)


def _card_line(game: Game, iid: int) -> str:
    d = game.card(iid)
    what = dict(name=card_name(d.name), kind=card_kind(d), price=cost_words(d), honor=d.honor)
    line = (_("{name} [{kind}, {price}, {honor} honor]") if d.honor else _("{name} [{kind}, {price}]")).format(**what)
    return line + (f" — {d.text}" if d.text else "")


def table_key(game: Game, me: int) -> tuple:
    """What the shared part of the table shows (the center, honor, the others' zones): while it
    stays the same, it is not printed again."""
    others = [q for i, q in enumerate(game.players) if i != me]
    return (game.turn, tuple(game.center_row), tuple(map(len, game.piles.values())), game.pool,
            tuple(q.honor for q in game.players),
            tuple((len(q.hand), len(q.deck), len(q.discard), tuple(q.constructs)) for q in others),
            tuple(tuple(game.public_status(i)) for i in range(len(game.players))))


def show_table(game: Game, me: int, out: Out, shown: tuple | None = None, new: set[int] = frozenset(),
               labels: Labels | None = None) -> tuple:
    """Everything the person may know at a decision, in one screen; the shared part (center row,
    piles, honor, the others) only when it changed since ``shown``, the center cards in ``new``
    (dealt since the person's last answer) marked. The hand's kinds and the constructs show the
    numbers their ``labels`` keep all turn. Returns the new key."""
    p = game.players[me]
    key = table_key(game, me)
    hand, constructs = (labels or Labels()).note(game, me)
    out("")
    if key != shown:
        _show_shared(game, me, out, new)
    kinds = Counter(game.card(c).id for c in p.hand)
    out(_("Your hand: {cards}").format(cards=", ".join(
        f"p{hand[k]} {card_name(game.ctx.by_id[k].name)}" + (f" ×{n}" if n > 1 else "")
        for k, n in sorted(kinds.items(), key=lambda kn: hand[kn[0]])) or "—"))
    seen = set()
    for c in p.hand:   # what the cards you acquired do (the starting and pile cards only gain)
        d = game.card(c)
        if d.role == "center" and d.id not in seen:
            seen.add(d.id)
            out(f"  {_card_line(game, c)}")
    out(_("Played: {cards}").format(cards=_names(game, p.played)))
    in_deck = _names(game, sorted(p.deck, key=game.name_of))   # sorted: what, never in which order
    deck = ngettext("{n:,} card", "{n:,} cards", len(p.deck)).format(n=len(p.deck)) + (f" ({in_deck})" if p.deck else "")
    out(_("Your deck: {deck} · discard pile: {discard}").format(deck=deck, discard=_names(game, p.discard)))
    for c in p.constructs:
        out(_("Construct {label} in play: {card}").format(label=f"u{constructs[c]}", card=_card_line(game, c)))
    if p.mech_runes:
        out(_("Runes {runes}, power {power}, Mechana runes {mechana}").format(
            runes=p.runes, power=p.power, mechana=p.mech_runes))
    else:
        out(_("Runes {runes}, power {power}").format(runes=p.runes, power=p.power))
    return key


def _show_shared(game: Game, me: int, out: Out, new: set[int]) -> None:
    if game.current == me:
        out(_("=== Turn {turn}, your turn ===").format(turn=game.turn))
    else:
        out(_("=== Turn {turn}, {name}'s turn ===").format(turn=game.turn, name=game.players[game.current].name))
    out(_("Center row (* new since your last move):") if new else _("Center row:"))
    for slot, c in enumerate(game.center_row, 1):
        mark = "*" if c in new else " "
        out(f" {mark}{slot}. " + (_card_line(game, c) if c is not None else _("(empty)")))
    piles, letters = [], pile_letters(game)
    for key, pile in game.piles.items():
        top = game.card(pile[-1]) if pile else game.ctx.by_id[key]
        left = "" if top.permanent else f" ×{len(pile)}"   # the Cultist never leaves
        piles.append(f"{letters[key]} {card_name(top.name)} ({cost_words(top)}){left}")
    out(_("Always available: {piles}").format(piles=", ".join(piles)))
    out(_("Center deck {center} · Void {void} · Honor pool {pool}").format(
        center=len(game.center_deck), void=len(game.void), pool=game.pool))
    villains = [row for row in game.scores() if row["seat"] < 0]   # a solo variant's opponent
    out(_("Honor tokens: {tokens}").format(tokens=", ".join([f"{q.name}: {q.honor}" for q in game.players]
                                                           + [f"{row['name']}: {row['tokens']}" for row in villains])))
    for row in villains:
        _status(game, row["seat"], _("{name} ({n} card honor)").format(name=row["name"], n=row["cards"]), out)
    for i, q in enumerate(game.players):   # what plugins show (Renown and Boons on the Legendary Track)
        _status(game, i, q.name, out)
    opponents = game.opponents(me)
    for i, q in enumerate(game.players):
        if i != me:
            what = dict(name=q.name, hand=len(q.hand), deck=len(q.deck), discard=len(q.discard),
                        constructs=_names(game, q.constructs))
            out((_("{name}: hand {hand}, deck {deck}, discard {discard}, constructs: {constructs}") if i in opponents
                 else _("{name} (your teammate): hand {hand}, deck {deck}, discard {discard}, constructs: {constructs}"))
                .format(**what))


def _status(game: Game, seat: int, who: str, out: Out) -> None:
    """What plugins say of ``seat`` (Renown, Boons; what a solo villain took and takes next)."""
    status = game.public_status(seat)
    if status:
        out(f"{who}: " + " · ".join(f"{label}: {value}" for label, value in status))


def ask(game: Game, dec: Decision, input_fn: Callable[[str], str], out: Out,
        bot_moves: list[BotMove] = (), hint: Callable[[], tuple[str, str] | None] | None = None,
        labels: Labels | None = None) -> int | None:
    """The chosen option index, re-asking until the answer is one of the labels shown (see
    :class:`Labels`); QUIT (q) or None (the input closed) means leave, UNDO taking back the last
    answer. ``w`` shows the bot's moves since the last answer with their reasons, ``h`` what the
    medium bot would do in the person's place, ``r`` how a turn goes and the program's rulings."""
    source = f" ({card_name(game.name_of(dec.source))})" if dec.source is not None else ""
    out(f"{dec.prompt}{source}:")
    keys = (labels or Labels()).of(game, dec)
    for key, option in zip(keys, dec.options):
        out(f"  {key}. {game.label(option)}")
    index = {key.lower(): i for i, key in enumerate(keys)}
    shown = _("1 to {n}").format(n=len(keys)) if keys[0] == "1" else ", ".join(keys)
    while True:
        try:
            raw = input_fn(_("Type a label (q quits): ")).strip()   # quoted back as typed
        except EOFError:
            return None
        typed = raw.lower()   # case-blind: "p" is "P"
        if typed in ("q", "quit"):
            return QUIT
        if typed in ("u", "undo"):
            return UNDO
        if typed in ("h", "hint") and hint is not None:
            given = hint()
            out("  " + (_("Hint: {move} — {reason}").format(move=given[0], reason=given[1]) if given
                        else _("No hint: this decision is not yours.")))
            continue
        if typed in ("r", "rules"):
            out(f"{_(KEYS)}.")
            for line in sections(*RULES_SECTIONS).replace("**", "").splitlines():
                out(line.removeprefix("## ").upper() if line.startswith("## ") else line)
            continue
        if typed in ("w", "why"):
            for m in bot_moves:
                out(f"  {m.move} — {m.reason()}")
            if not bot_moves:   # (a solo game seats no bot: the villain is no player to ask why)
                out("  " + (_("The bot has not moved yet.") if len(game.players) > 1 else
                            _("No bot plays in this game: the solo villain's moves are in the log.")))
            continue
        if typed in index:
            return index[typed]
        out(_("{answer} is not an option: please type one of the labels shown ({labels}), u (undo), w (why), "
              "h (hint), r (rules), or q to quit.").format(answer=shown_answer(raw), labels=shown))


def shown_answer(raw: str, most: int = 20) -> str:
    """What the person typed, quoted back safely: shortened, control characters escaped."""
    if not raw:
        return _("An empty answer")
    text = raw if len(raw) <= most else raw[:most] + "…"
    return repr(text) if not text.isprintable() else f"'{text}'"


def show_result(game: Game, out: Out) -> None:
    out("")
    out(_("Final scores: (stopped at the turn limit)") if game.capped else _("Final scores:"))
    for row in game.scores():
        out("  " + _("{name}: {tokens} tokens + {cards} card honor = {total}").format(
            name=row["name"], tokens=row["tokens"], cards=row["cards"], total=row["total"]))
    teams = game.teams()
    totals = {row["seat"]: row["total"] for row in game.scores()}
    for team in teams:   # the side wins together: each team's honor, summed
        out("  " + _("Team {names}: {total} honor").format(
            names=" & ".join(game.seat_name(s) for s in team), total=sum(totals[s] for s in team)))
    tie_break = game.tie_break()
    if tie_break:
        out(tie_break)
    if teams:
        out(_("Team {names} wins!").format(names=" & ".join(game.seat_name(s) for s in game.winners())))
    else:
        out(_("Winner: {name}").format(name=game.seat_name(game.winners()[0])))
