"""The terminal game: one person against one or more bots (or alone against a solo variant's
villain, such as Samael), answering every decision with a number.

Input and output are injected (``input_fn`` reads one answer, ``out`` writes one line) so
tests play whole games from a list of answers instead of patching ``input()``. The person
only ever sees what their seat may know: their own hand, public zones and counts.

A game is never thrown away: with ``autosave`` it is saved after every answer and offered
again at the next start; ``q`` asks first; a move that fails leaves the game as it was and the
question is asked again; an answer that is not one of the numbers shown is asked again.
"""
from __future__ import annotations

import logging
import secrets
from collections import Counter
from pathlib import Path
from typing import Callable

from ascension.core import rng
from ascension.core.cards import cost_words
from ascension.core.engine import Decision, Game
from ascension.core.match import SaveFileError
from ascension.core.names import validate_name
from ascension.core.plugins import installed
from ascension.core.session import BotMove, Seat, Session
from ascension.core.wording import quantity
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
MAX_DIGITS = 3   # no decision has a thousand options: a longer number is not one of them
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def bot_seats(bots: list[str]) -> list[Seat]:
    """One seat per bot, named after its kind ("Greedy bot", or "Greedy bot 1", "Greedy bot 2")."""
    names = [f"{b.capitalize()} bot" for b in bots]
    return [Seat(n + (f" {names[:i + 1].count(n)}" if names.count(n) > 1 else ""), "bot", b)
            for i, (n, b) in enumerate(zip(names, bots))]


def play(seed: int | None = None, bot: str = "greedy", name: str = "Player",
         input_fn: Callable[[str], str] = input, out: Out = print, sets: tuple[str, ...] = ("10th",),
         db=None, variants: tuple[str, ...] = (), autosave: Path | None = None, new: bool = False) -> Game:
    """Play one game through a :class:`Session` (bots, undo, the bots' reasons) against ``bot``
    (comma-separated: one bot per opponent), or a solo game when ``variants`` holds a solo
    variant (``samael``, ``cult``); returns the game (not over if the person quit).

    With ``autosave`` (a file), the game is saved there after every answer, and an unfinished
    game found there is offered to resume (unless ``new``). With ``db`` (a history path or URL),
    the game is recorded there when it ends, or as abandoned when the person quits or it stops
    on an error. A set-up the rules do not allow raises SetupError, a bad ``name`` BadName,
    before anything is shown."""
    resumed = None if autosave is None or new else offer_resume(autosave, input_fn, out)
    if resumed is not None:
        session, me = resumed
        seed = session.game.seed
        out(f"Resuming the game of seed {seed} at turn {session.game.turn}.")
    else:
        name = validate_name(name)
        seed = secrets.randbits(63) if seed is None else seed
        session, me = start(seed, bot, name, sets, variants, out)
    shown, table, thinking, saved = 0, None, None, Autosave(autosave)
    try:
        while not session.over:
            if session.waiting_for_bot():
                seat = session.seats[session.decision().seat]
                if seat.bot == "hard" and thinking != seat.name:   # a search takes a few seconds a turn: say so
                    shown = show_log(session.game, shown, out)       # after what happened before
                    out(f"  ({seat.name} is thinking…)")
                    thinking = seat.name
                failure = make_move(session, session.step_bot)
                if failure:   # the bot would only fail again: stop here, the game saved as it was
                    saved.keep(session, out)
                    out(f"{failure} The bot cannot go on, so the game stops here" + (
                        "; it is saved and offered again at the next start." if autosave else "."))
                    record(session, db, out)
                    return session.game
                continue
            thinking = None
            saved.keep(session, out)
            game = session.game
            shown = show_log(game, shown, out)
            table = show_table(game, me, out, table, session.new_in_center(me))
            answer = ask(game, game.decision(), input_fn, out, session.recent_bot_moves(), session.hint)
            if answer == QUIT and not sure_to_quit(input_fn, autosave is not None):
                continue
            if answer in (None, QUIT):
                kept = " It is saved: play again to resume it." if autosave else ""
                out(f"You left the game.{kept} Seed {seed} deals the same game again.")
                record(session, db, out)
                return session.game
            if answer == UNDO:
                take_back(session, me, out)
                shown, table = len(session.game.log), None   # show the whole table again
                continue
            if not sure_to_end(session, answer, input_fn):
                continue
            failure = make_move(session, lambda: session.answer(answer))
            if failure:
                out(failure)
            saved.keep(session, out)
    except KeyboardInterrupt:
        record(session, db, out)
        raise
    except Exception as exc:   # a fault outside any move (showing the table, a hint): the game is saved
        log.error("the terminal game stopped on an error", exc_info=exc)
        out(f"The game stopped on an error in the program: {type(exc).__name__}: {exc}."
            + (" It is saved and offered again at the next start." if autosave else ""))
        record(session, db, out)
        return session.game
    saved.keep(session, out)
    show_log(session.game, shown, out)
    show_result(session.game, out)
    record(session, db, out)
    return session.game


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
        out(f"Ascension — seed {seed}. You are {name}. {solo.summary} Type an option's number, "
            f"u to take back your last answer, h for a hint, r for the rules, or q to quit.")
    else:
        opponents = session.game.opponents(me)
        against = ", ".join(s.name for i, s in enumerate(seats) if i in opponents)
        mates = [s.name for i, s in enumerate(seats) if i != me and i not in opponents]
        out(f"Ascension — seed {seed}. You are {name}; you play {ORDINALS[me]} of {len(seats)}"
            + (f", with {' and '.join(mates)} as your teammate{'s' * (len(mates) > 1)}," if mates else ",")
            + f" against {against}. Type an option's number, u to take back your last answer, "
            f"w for why the bots moved as they did, h for a hint, r for the rules, or q to quit.")
    return session, me


def offer_resume(path: Path, input_fn: Callable[[str], str], out: Out) -> tuple[Session, int] | None:
    """An unfinished game saved at ``path``, with the person's seat, if they want to go on with
    it (y); one that cannot be resumed is set aside beside it, and the person is told."""
    if not path.exists():
        return None
    try:
        session = storage.read_session(path)
        people = [i for i, s in enumerate(session.seats) if s.kind == "human"]
        if len(people) != 1:
            raise SaveFileError(f"{path}: not a terminal game: {len(people)} people seated, not 1")
    except SaveFileError as exc:
        try:
            kept = f"it was set aside as {storage.set_aside(path)}"
        except OSError as move_exc:
            kept = f"it could not be set aside either ({move_exc})"
        out(f"The autosaved game could not be resumed ({exc}); {kept}.")
        return None
    if session.over:
        return None
    me = people[0]
    others = ", ".join(s.name for i, s in enumerate(session.seats) if i != me) or "a solo villain"
    if not yes(input_fn, f"An unfinished game was saved ({session.seats[me].name} against {others}, "
                         f"turn {session.game.turn}). Resume it? (y/n): "):
        return None
    return session, me


class Autosave:
    """The file the game is kept in after every answer (none when ``path`` is None); a finished
    game's file is removed, there being nothing to resume. A failure is said once, and play goes on."""

    def __init__(self, path: Path | None):
        self.path = path
        self.failed = False

    def keep(self, session: Session, out: Out) -> None:
        if self.path is None:
            return
        try:
            if session.over:
                self.path.unlink(missing_ok=True)
            else:
                storage.write_text_atomic(self.path, session.to_json(), durable=False)
        except OSError as exc:
            if not self.failed:
                out(f"The game could not be saved to {self.path}: {exc}. Play goes on.")
            self.failed = True


def yes(input_fn: Callable[[str], str], question: str) -> bool:
    """Only y (or yes) is a yes; anything else, or the input closing, is a no."""
    try:
        return input_fn(question).strip().lower() in ("y", "yes")
    except EOFError:
        return False


def sure_to_quit(input_fn: Callable[[str], str], saved: bool) -> bool:
    """q asks first; y (or q again) leaves."""
    after = " It stays saved, to resume later." if saved else ""
    try:
        raw = input_fn(f"Leave the game?{after} (y/n): ").strip().lower()
    except EOFError:
        return True
    return raw in ("y", "yes", "q", "quit")


def take_back(session: Session, me: int, out: Out) -> None:
    """Undo the person's last answer and the bot's moves after it, saying what that means."""
    if not session.can_undo(me):
        out("There is no answer of yours to take back.")
        return
    reveals = session.undo_reveals()
    session.undo()
    out("Your last answer is taken back" + (" (you had seen new cards since: the game now counts as "
                                            "assisted in the history)." if reveals else "."))


def sure_to_end(session: Session, index: int, input_fn: Callable[[str], str]) -> bool:
    """Ending the turn with cards still to play asks first (as the desktop does); only y ends it."""
    unplayed = session.unplayed_if_ending(index)
    return not unplayed or yes(input_fn, f"You have not played {quantity(unplayed, 'card')} in your hand. "
                                         "End your turn anyway? (y/n): ")


def record(session: Session, db, out: Out) -> int | None:
    """Store the game in the history at ``db`` (nothing when None); a failure is reported, not raised."""
    if db is None:
        return None
    from ascension.ui.history.recording import record_session
    try:
        match_id = record_session(session, db)
    except Exception as exc:  # the game itself is over: say why it was not stored, and go on
        out(f"The game could not be recorded in the history: {type(exc).__name__}: {exc}")
        return None
    out(f"{'Game' if session.over else 'Abandoned game'} recorded in the history (match {match_id}).")
    return match_id


def show_log(game: Game, shown: int, out: Out) -> int:
    """Print the events since the last prompt (this is how the bot's turn is seen)."""
    for _, line in game.log_lines(game.log[shown:]):
        out(f"  · {line}")
    return len(game.log)


def _names(game: Game, cards: list[int]) -> str:
    counts = Counter(game.name_of(c) for c in cards)
    return ", ".join(n if k == 1 else f"{n} ×{k}" for n, k in counts.items()) or "—"


def _card_line(game: Game, iid: int) -> str:
    d = game.card(iid)
    price = cost_words(d)
    kind = " ".join([f.capitalize() for f in d.factions] + [d.type])   # "Enlightened hero", as cards say
    honor = f", {d.honor} honor" if d.honor else ""
    return f"{d.name} [{kind}, {price}{honor}]" + (f" — {d.text}" if d.text else "")


def table_key(game: Game, me: int) -> tuple:
    """What the shared part of the table shows (the center, honor, the others' zones): while it
    stays the same, it is not printed again."""
    others = [q for i, q in enumerate(game.players) if i != me]
    return (game.turn, tuple(game.center_row), tuple(map(len, game.piles.values())), game.pool,
            tuple(q.honor for q in game.players),
            tuple((len(q.hand), len(q.deck), len(q.discard), tuple(q.constructs)) for q in others),
            tuple(tuple(game.public_status(i)) for i in range(len(game.players))))


def show_table(game: Game, me: int, out: Out, shown: tuple | None = None, new: set[int] = frozenset()) -> tuple:
    """Everything the person may know at a decision, in one screen; the shared part (center row,
    piles, honor, the others) only when it changed since ``shown``, the center cards in ``new``
    (dealt since the person's last answer) marked. Returns the new key."""
    p = game.players[me]
    key = table_key(game, me)
    out("")
    if key != shown:
        _show_shared(game, me, out, new)
    out(f"Your hand: {_names(game, p.hand)}")
    seen = set()
    for c in p.hand:   # what the cards you acquired do (the starting and pile cards only gain)
        d = game.card(c)
        if d.role == "center" and d.id not in seen:
            seen.add(d.id)
            out(f"  {_card_line(game, c)}")
    out(f"Played: {_names(game, p.played)}")
    in_deck = _names(game, sorted(p.deck, key=game.name_of))   # sorted: what, never in which order
    out(f"Your deck: {quantity(len(p.deck), 'card')}" + (f" ({in_deck})" if p.deck else "")
        + f" · discard pile: {_names(game, p.discard)}")
    for c in p.constructs:
        out(f"Construct in play: {_card_line(game, c)}")
    mech = f", Mechana runes {p.mech_runes}" if p.mech_runes else ""
    out(f"Runes {p.runes}, power {p.power}{mech}")
    return key


def _show_shared(game: Game, me: int, out: Out, new: set[int]) -> None:
    whose = "your turn" if game.current == me else f"{game.players[game.current].name}'s turn"
    out(f"=== Turn {game.turn}, {whose} ===")
    out("Center row" + (" (* new since your last move):" if new else ":"))
    for slot, c in enumerate(game.center_row, 1):
        mark = "*" if c in new else " "
        out(f" {mark}{slot}. {_card_line(game, c) if c is not None else '(empty)'}")
    piles = []
    for key, pile in game.piles.items():
        top = game.card(pile[-1]) if pile else game.ctx.by_id[key]
        left = "" if top.permanent else f" ×{len(pile)}"   # the Cultist never leaves
        piles.append(f"{top.name} ({cost_words(top)}){left}")
    out("Always available: " + ", ".join(piles))
    out(f"Center deck {len(game.center_deck)} · Void {len(game.void)} · Honor pool {game.pool}")
    villains = [row for row in game.scores() if row["seat"] < 0]   # a solo variant's opponent
    out("Honor tokens: " + ", ".join([f"{q.name}: {q.honor}" for q in game.players]
                                     + [f"{row['name']}: {row['tokens']}" for row in villains]))
    for row in villains:
        _status(game, row["seat"], f"{row['name']} ({row['cards']} card honor)", out)
    for i, q in enumerate(game.players):   # what plugins show (Renown and Boons on the Legendary Track)
        _status(game, i, q.name, out)
    opponents = game.opponents(me)
    for i, q in enumerate(game.players):
        if i != me:
            mate = "" if i in opponents else " (your teammate)"
            out(f"{q.name}{mate}: hand {len(q.hand)}, deck {len(q.deck)}, discard {len(q.discard)}, "
                f"constructs: {_names(game, q.constructs)}")


def _status(game: Game, seat: int, who: str, out: Out) -> None:
    """What plugins say of ``seat`` (Renown, Boons; what a solo villain took and takes next)."""
    status = game.public_status(seat)
    if status:
        out(f"{who}: " + " · ".join(f"{label}: {value}" for label, value in status))


def ask(game: Game, dec: Decision, input_fn: Callable[[str], str], out: Out,
        bot_moves: list[BotMove] = (), hint: Callable[[], tuple[str, str] | None] | None = None) -> int | None:
    """The chosen option index, re-asking until the answer is valid; QUIT (q) or None (the input
    closed) means leave, UNDO taking back the last answer. ``w`` shows the bot's moves since the last answer with their
    reasons, ``h`` what the medium bot would do in the person's place, ``r`` how a turn goes and
    the program's rulings."""
    source = f" ({game.name_of(dec.source)})" if dec.source is not None else ""
    out(f"{dec.prompt}{source}:")
    n = len(dec.options)
    for i, option in enumerate(dec.options, 1):
        out(f"  {i}. {game.label(option)}")
    while True:
        try:
            raw = input_fn(f"Choose 1-{n} (q quits): ").strip().lower()
        except EOFError:
            return None
        if raw in ("q", "quit"):
            return QUIT
        if raw in ("u", "undo"):
            return UNDO
        if raw in ("h", "hint") and hint is not None:
            given = hint()
            out(f"  Hint: {given[0]} — {given[1]}" if given else "  No hint: this decision is not yours.")
            continue
        if raw in ("r", "rules"):
            for line in sections("Your turn", "Rulings").replace("**", "").splitlines():
                out(line.removeprefix("## ").upper() if line.startswith("## ") else line)
            continue
        if raw in ("w", "why"):
            for m in bot_moves:
                out(f"  {m.move} — {m.reason()}")
            if not bot_moves:
                out("  The bot has not moved yet.")
            continue
        number = option_number(raw, n)
        if number is not None:
            return number
        out(f"{shown_answer(raw)} is not an option: please type one of the numbers shown (1 to {n}), "
            f"u (undo), w (why), h (hint), r (rules), or q to quit.")


def option_number(raw: str, n: int) -> int | None:
    """The option index ``raw`` names (1 to n as typed), or None: only ASCII digits count (not
    "²" or "١", which Python's isdigit accepts), and never more than a few of them."""
    if not raw or len(raw) > MAX_DIGITS or not raw.isascii() or not raw.isdigit():
        return None
    k = int(raw)
    return k - 1 if 1 <= k <= n else None


def shown_answer(raw: str, most: int = 20) -> str:
    """What the person typed, quoted back safely: shortened, control characters escaped."""
    if not raw:
        return "An empty answer"
    text = raw if len(raw) <= most else raw[:most] + "…"
    return repr(text) if not text.isprintable() else f"'{text}'"


def show_result(game: Game, out: Out) -> None:
    out("")
    out("Final scores:" + (" (stopped at the turn limit)" if game.capped else ""))
    for row in game.scores():
        out(f"  {row['name']}: {row['tokens']} tokens + {row['cards']} card honor = {row['total']}")
    tie_break = game.tie_break()
    if tie_break:
        out(tie_break)
    out(f"Winner: {game.seat_name(game.winners()[0])}")
