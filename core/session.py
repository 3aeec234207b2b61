"""One session object between a front end (desktop, terminal) and the engine.

It owns the game, the seats (people or bots), undo and save/resume. It never blocks: the
front end asks what is pending, submits answers, and steps bots when it chooses to.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from typing import Annotated, Any, Callable, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StrictStr, ValidationError

from . import rng
from .bots import Bot, BotUnavailable, ask_bot, bot_kinds, checked_answer, make_bot
from .engine import Decision, Game, PluginError, blame, installed_plugin_at_fault
from .i18n import _, validation_message
from .match import MAX_SAVE_CHARS, Name, SaveFileError, SaveNotUsableNow, load, new_game, newer, not_json, save

# Events that show a player something they could not know before: undoing past them is
# still allowed, but the game is then marked as assisted.
REVEALING = frozenset({"drew", "shuffled", "center_dealt", "void_reshuffled", "stole"})
SESSION_FORMAT = 1
HINT_BOT = "medium"   # quick (well under a millisecond) and explains its moves in words


def first_player_drawn(seats: list, seed: int) -> list:
    """The seats turned so that the first to play is drawn at random, as the rulebook says; the
    order around the table stays (teammates stay across). The draw comes from the match seed:
    the same seed seats everyone the same way again."""
    k = rng.below(rng.derive(seed, "first player"), len(seats))[1]
    return seats[k:] + seats[:k]


@dataclass
class Seat:
    name: str
    kind: str = "human"          # "human" | "bot"
    bot: str | None = None       # bot kind / difficulty when kind == "bot"


class _SeatModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Name
    kind: Literal["human", "bot"] = "human"
    bot: StrictStr | None = None


def _a_time_in_utc(when: datetime | None) -> datetime | None:
    """A game's start, which the history keeps in UTC: one beyond the calendar's ends once
    moved there (year 1 at +14:00) could be loaded and played, but never recorded."""
    if when is not None and when.tzinfo is not None:
        try:
            when.astimezone(timezone.utc)
        except OverflowError:
            raise ValueError(_("a time beyond the calendar's ends in UTC")) from None
    return when


class _SessionModel(BaseModel):
    """What a saved session holds (checked before anything is built from it)."""
    model_config = ConfigDict(extra="forbid")
    format: int
    seats: list[_SeatModel] = Field(min_length=1, max_length=6)
    assisted: StrictBool = False
    started_at: Annotated[datetime | None, AfterValidator(_a_time_in_utc)] = None
    game: dict[StrictStr, Any]


@dataclass(frozen=True)
class Unspent:
    """What ending the turn now would leave unused (all zero / empty: nothing)."""
    cards: int = 0                 # hand cards that could still be played
    runes: int = 0                 # runes left while a card is still in reach
    power: int = 0                 # power left while a monster can still be defeated
    usable: tuple[int, ...] = ()   # constructs (card instances) with an ability still to use

    def __bool__(self) -> bool:
        return bool(self.cards or self.runes or self.power or self.usable)


@dataclass
class BotMove:
    """A move a bot made, with its reason kept for "why this move?" (text made on request)."""
    turn: int
    seat: int
    move: str
    why: Callable[[], str]
    log_mark: int            # the game log's length before the move (undo drops later moves)
    said: str = ""           # the bot's own words for the move, which its reason starts with

    def reason(self) -> str:
        return plain_reason(self.why(), self.said)


def plain_reason(why: str, said: str) -> str:
    """A bot's reason without its opening restatement of the move ("Acquire Mystic: ..."): the
    move is shown beside the reason already."""
    return why.removeprefix(f"{said}: ")


def _start_bot(kind: str, defs, seed: int, seat: int) -> Bot:
    """A seat's bot. One whose start fails (a plugin's bot missing a file of its own, say) is a
    :class:`BotUnavailable`: the game is sound, only that bot cannot play it now."""
    try:
        return make_bot(kind, defs, seed, seat)
    except BotUnavailable:
        raise
    except Exception as exc:
        raise BotUnavailable(_("the bot '{bot}' cannot start: {error}").format(
            bot=kind, error=f"{type(exc).__name__}: {exc}")) from exc


class Session:
    KEEP_MOVES = 200   # bot moves kept for "why?"

    def __init__(self, game: Game, seats: list[Seat]):
        if len(seats) != len(game.players):
            raise ValueError(f"{len(seats)} seats for a {len(game.players)}-player game")
        self.game = game
        self.seats = seats
        self.bots: dict[int, Bot] = {i: self._named(_start_bot(s.bot or "greedy", game.ctx.defs, game.seed, i))
                                     for i, s in enumerate(seats) if s.kind == "bot"}
        self.undo_stack: list[tuple[str, int, int]] = []   # (saved game, seat, log length)
        self.bot_moves: list[BotMove] = []                 # the latest last
        self.assisted = False
        self.started_at = datetime.now(timezone.utc)       # for the match history

    def installed_plugin_at_fault(self, exc: BaseException) -> PluginError | None:
        """The fault of a plugin installed apart from the program, if ``exc`` is one: not of the
        game's data (a save such a plugin fails on is sound, and kept)."""
        return installed_plugin_at_fault(exc, self.game.ctx.pm)

    def fault(self, exc: BaseException) -> str:
        """A fault outside any move (the table shown, the scores read) in words: the plugin and its
        hook when a plugin's code raised (as a failed move names them), else the error itself."""
        blamed = blame(exc, self.game.ctx.pm, _("outside any move"))
        return str(blamed) if isinstance(blamed, PluginError) else f"{type(exc).__name__}: {exc}"

    @classmethod
    def start(cls, sets: list[str], seats: list[Seat], variants: list[str] = (), seed: int | None = None,
              honor_pool: int | None = None, options: dict | None = None) -> "Session":
        game = new_game(sets, [s.name for s in seats], list(variants), seed, honor_pool, options)
        return cls(game, seats)

    # ------------------------------------------------------------------ deciding
    def decision(self) -> Decision | None:
        return self.game.decision()

    def hint(self) -> tuple[str, str] | None:
        """What the medium bot would answer in the place of the person to move, as (the move, its
        reason). It sees only that person's view, so a hint knows no more than they do. None
        while a bot is to move or once the game is over."""
        dec = self.game.decision()
        if dec is None or dec.seat in self.bots or not 0 <= dec.seat < len(self.seats):
            return None
        bot = self._named(make_bot(HINT_BOT, self.game.ctx.defs, self.game.seed, dec.seat))
        option = dec.options[bot.choose(self.game.view(dec.seat), dec)]
        return self.game.label(option), plain_reason(bot.explain(), bot.describe(option))

    def _named(self, bot: Bot) -> Bot:
        """The bot words its reasons with the players' names ("Gift Mystic to Cat"), not seats."""
        bot.seat_names = [seat.name for seat in self.seats]
        return bot

    def waiting_for_bot(self) -> bool:
        dec = self.game.decision()
        return dec is not None and dec.seat in self.bots

    def bot_answer(self) -> int:
        """The index the bot whose turn it is would answer (without applying it)."""
        dec = self.game.decision()
        return ask_bot(self.bots[dec.seat], self.bot_kind(dec.seat), self.game.view(dec.seat), dec)

    def bot_kind(self, seat: int) -> str:
        """The kind of bot in ``seat`` (``greedy`` for a bot seat that names none)."""
        return self.seats[seat].bot or "greedy"

    def step_bot(self) -> int:
        return self.apply_bot(self.bot_answer())

    def apply_bot(self, index: int, why: Callable[[], str] | None = None) -> int:
        """Apply a bot's answer worked out elsewhere (a worker thread searching on a clone);
        ``why``: its reason (``Bot.explanation()``), by default the bot's last one."""
        if not self.waiting_for_bot():
            raise ValueError("no bot is deciding now")
        dec = self.game.decision()
        bot = self.bots[dec.seat]
        index = checked_answer(self.bot_kind(dec.seat), index, dec)   # (worked out elsewhere: checked here)
        move = BotMove(self.game.turn, dec.seat, self.game.label(dec.options[index]), why or bot.explanation(),
                       len(self.game.log), bot.describe(dec.options[index]))
        self.game.apply(index)
        self.bot_moves.append(move)
        del self.bot_moves[:-self.KEEP_MOVES]
        return index

    def recent_bot_moves(self, most: int = 60) -> list[BotMove]:
        """The bot moves since a person last answered (at most ``most``, the latest), else the
        latest bot turn's."""
        mark = self.undo_stack[-1][2] if self.undo_stack else -1
        recent = [m for m in self.bot_moves if m.log_mark > mark]
        if not recent and self.bot_moves:
            last = self.bot_moves[-1]
            recent = [m for m in self.bot_moves if (m.turn, m.seat) == (last.turn, last.seat)]
        return recent[-most:]

    def new_in_center(self, seat: int) -> set[int]:
        """The center-row cards dealt since ``seat`` last answered (what changed while they
        waited, or what their own move brought in); none before their first answer."""
        mark = next((mark for _snap, who, mark in reversed(self.undo_stack) if who == seat), None)
        if mark is None:
            return set()
        dealt = {e.card for e in self.game.log[mark:] if e.kind == "center_dealt"}
        return dealt.intersection(self.game.center_row)

    def unspent_if_ending(self, index: int) -> "Unspent":
        """What answer ``index`` would waste if it ends the turn: hand cards that could still be
        played, runes while something is still in reach, power while a monster can still be
        defeated, constructs with an ability still to use. Ending with any of these is most
        often a slip, so front ends ask first (their words are made from this data)."""
        dec = self.game.decision()
        if dec is None or dec.options[index][0] != "end":
            return Unspent()
        game, kinds = self.game, {o[0] for o in dec.options}
        p = game.players[dec.seat]
        playable = {game.card(o[1]).id for o in dec.options if o[0] == "play"}
        usable = tuple(dict.fromkeys(o[1] for o in dec.options if o[0] == "use"))
        return Unspent(cards=sum(game.card(c).id in playable for c in p.hand),
                       runes=p.runes if kinds & {"acquire", "gift"} else 0,
                       power=p.power if "defeat" in kinds else 0,
                       usable=usable)

    def answer(self, index: int) -> None:
        """A person answers; a snapshot is kept so they can take it back."""
        dec = self.game.decision()
        mark, snapshot = len(self.game.log), save(self.game)
        self.game.apply(index)  # raises InvalidAnswer (nothing changed) on a bad index
        self.undo_stack.append((snapshot, dec.seat, mark))

    # ------------------------------------------------------------------ undo
    def can_undo(self, seat: int | None = None) -> bool:
        """Whether there is an answer to take back (by ``seat``, when given: one's own answers only)."""
        return bool(self.undo_stack) and (seat is None or self.undo_stack[-1][1] == seat)

    def undo_reveals(self) -> bool:
        """Whether undoing now would take back information already shown (marks the game assisted)."""
        if not self.undo_stack:
            return False
        mark = self.undo_stack[-1][2]
        return any(e.kind in REVEALING for e in self.game.log[mark:])

    def undo(self) -> None:
        """Go back to just before the last answer a person gave (bot moves after it are undone too)."""
        if not self.undo_stack:
            raise ValueError("nothing to undo")
        if self.undo_reveals():
            self.assisted = True
        snapshot, _who, mark = self.undo_stack.pop()
        self.bot_moves = [m for m in self.bot_moves if m.log_mark < mark]
        log = self.game.log[:mark]
        restored = load(snapshot)
        restored.log = log
        self.game = restored

    # ------------------------------------------------------------------ save / resume
    def to_json(self) -> str:
        return json.dumps({"format": SESSION_FORMAT, "seats": [asdict(s) for s in self.seats],
                           "assisted": self.assisted, "started_at": self.started_at.isoformat(),
                           "game": json.loads(save(self.game))},
                          sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, source: str = "save") -> "Session":
        """Resume a saved session, or raise SaveFileError saying what is wrong and where."""
        if not isinstance(text, str) or len(text) > MAX_SAVE_CHARS:
            raise SaveFileError(_("{source}: not a valid saved session: expected text of at most {n} characters")
                                .format(source=source, n=MAX_SAVE_CHARS))
        try:
            d = json.loads(text)
        except RecursionError:
            raise SaveFileError(_("{source}: not a valid saved session: nested too deep").format(source=source)) from None
        except ValueError as exc:
            raise SaveFileError(_("{source}: not a valid saved session: {problem}").format(
                source=source, problem=not_json(exc))) from None
        newer(source, d, SESSION_FORMAT)
        if isinstance(d, dict) and "format" not in d and {"setup", "answers", "winner", "scores"} <= set(d):
            raise SaveFileError(_("{source}: a game record (from simulate --save-games), not a saved game: it holds a "
                                  "finished game to replay, with 'ascension replay {source} --show'").format(source=source))
        if not isinstance(d, dict) or d.get("format") != SESSION_FORMAT:
            raise SaveFileError(_("{source}: unsupported session format {format}").format(
                source=source, format=d.get("format") if isinstance(d, dict) else repr(type(d).__name__)))
        try:
            m = _SessionModel.model_validate(d)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = "".join(f"[{x}]" if isinstance(x, int) else f".{x}" for x in err["loc"])[1:]
            raise SaveFileError(_("{source}: not a valid saved session: {where}: {error}").format(
                source=source, where=where, error=validation_message(err))) from None
        unknown = [s.bot for s in m.seats if s.kind == "bot" and (s.bot or "greedy") not in bot_kinds()]
        if unknown:   # a bot plugin no longer installed: the save itself is sound
            raise SaveNotUsableNow(source, _("the saved game is sound, but it needs a bot that is not installed "
                                             "here: unknown bot {bot} (installed: {known})").format(
                bot=repr(unknown[0]), known=", ".join(sorted(bot_kinds()))))
        game = load(json.dumps(m.game), source)
        if len(m.seats) != len(game.players):
            raise SaveFileError(_("{source}: not a valid saved session: seats: {n} seats for a {players}-player game")
                                .format(source=source, n=len(m.seats), players=len(game.players)))
        session = cls(game, [Seat(**s.model_dump()) for s in m.seats])
        session.assisted = m.assisted
        if m.started_at is not None:
            session.started_at = m.started_at
        return session

    # ------------------------------------------------------------------ result
    @property
    def over(self) -> bool:
        return self.game.over

    def result(self) -> dict:
        game = self.game
        return {"scores": game.scores(), "winners": game.winners(), "sides": game.teams() or None,
                "assisted": self.assisted, "seed": game.seed}
