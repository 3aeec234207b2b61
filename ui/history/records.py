"""What a recorder hands the store, checked with plain pydantic models, and how it is built
from a game. (SQLModel table classes skip validation, so nothing reaches them unchecked.)"""
from __future__ import annotations

from collections import Counter, defaultdict
from datetime import datetime, timezone
from typing import Annotated, Any, Iterable, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .models import ABANDONED, FINISHED
from ascension.core import version
from ascension.plugins.legendary.track import board as legendary_board

INT64 = 2 ** 63
INT32 = 2 ** 31   # honor and counts are INTEGER columns (32 bits on PostgreSQL): a game beyond them is refused here
Honor = Annotated[int, Field(ge=-INT32, lt=INT32)]


def utcnow() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


def as_utc(value: datetime) -> datetime:
    """Naive UTC, the form stored: aware values are converted, naive ones taken as UTC."""
    if value.tzinfo is not None:
        value = value.astimezone(timezone.utc).replace(tzinfo=None)
    return value


def engine_version() -> str:
    return version()


class SeatRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: int = Field(ge=-1, le=31)           # -1: the solo villain
    name: str = Field(min_length=1, max_length=100)
    kind: Literal["human", "bot", "villain"]
    bot: str | None = Field(default=None, max_length=40)
    team: int | None = Field(default=None, ge=0, le=31)
    tokens: Honor = 0
    card_honor: Honor = 0
    total: Honor = 0
    winner: bool = False
    renown: dict[str, int] | None = None
    acquired: dict[str, int] = Field(default_factory=dict)   # card name -> copies acquired
    defeated: dict[str, int] = Field(default_factory=dict)   # card name -> times defeated

    @model_validator(mode="after")
    def _consistent(self) -> "SeatRecord":
        if self.kind == "bot" and not self.bot:
            raise ValueError(f"seat {self.seat} ({self.name}) is a bot but names no bot kind")
        if self.kind != "bot" and self.bot:
            raise ValueError(f"seat {self.seat} ({self.name}) is not a bot but names bot kind {self.bot!r}")
        if (self.kind == "villain") != (self.seat == -1):
            raise ValueError(f"seat {self.seat} ({self.name}): only seat -1 is the villain")
        if self.total != self.tokens + self.card_honor:
            raise ValueError(f"seat {self.seat} ({self.name}): total {self.total} is not "
                             f"tokens {self.tokens} + card honor {self.card_honor}")
        for what in (self.acquired, self.defeated):
            for card, n in what.items():
                if not card or len(card) > 100 or not 0 <= n < INT32:
                    raise ValueError(f"seat {self.seat} ({self.name}): bad card count {card!r}: {n}")
        return self


class MatchRecord(BaseModel):
    """One game as stored: when, what was mixed, how to replay it, and each seat's result."""
    model_config = ConfigDict(extra="forbid")

    status: Literal["finished", "abandoned"] = FINISHED
    started_at: datetime
    ended_at: datetime
    sets: list[str] = Field(min_length=1)
    variants: list[str] = Field(default_factory=list)
    options: dict[str, Any] = Field(default_factory=dict)   # variant / plugin data (JSON)
    seed: int = Field(ge=-INT64, lt=INT64)
    engine_version: str = Field(default_factory=engine_version, max_length=40)
    setup: dict[str, Any]
    answers: list[int]
    turns: int = Field(default=0, ge=0, lt=INT32)
    capped: bool = False
    assisted: bool = False
    seats: list[SeatRecord] = Field(min_length=1)

    @field_validator("started_at", "ended_at")
    @classmethod
    def _utc(cls, v: datetime) -> datetime:
        return as_utc(v)

    @model_validator(mode="after")
    def _consistent(self) -> "MatchRecord":
        if self.ended_at < self.started_at:
            raise ValueError(f"ended_at {self.ended_at} is before started_at {self.started_at}")
        numbers = [s.seat for s in self.seats]
        if len(set(numbers)) != len(numbers):
            raise ValueError(f"seat numbers repeat: {numbers}")
        players = sorted(n for n in numbers if n >= 0)
        if players != list(range(len(players))) or not players:
            raise ValueError(f"seats must be numbered 0..n-1 in turn order, got {players}")
        winners = [s for s in self.seats if s.winner]
        if self.status == FINISHED and not winners:
            raise ValueError("a finished match needs a winner")
        if self.status == ABANDONED and winners:
            raise ValueError("an abandoned match has no winner")
        if not all(self.sets) or any("," in s for s in self.sets + self.variants):
            raise ValueError("set and variant ids must be non-empty and contain no comma")
        if len(",".join(self.sets)) > 200 or len(",".join(self.variants)) > 200:   # (their columns' width)
            raise ValueError("the set and variant ids take more than 200 characters")
        return self

    @property
    def players(self) -> int:
        return sum(1 for s in self.seats if s.seat >= 0)

    @property
    def simulated(self) -> bool:
        """No person sat at the table: kept apart from the games people played."""
        return not any(s.kind == "human" for s in self.seats)


# ---------------------------------------------------------------------------- from a game
def card_counts(game) -> tuple[dict[int, Counter], dict[int, Counter]]:
    """Per seat, card name -> copies acquired and times defeated, from the game log."""
    acquired: dict[int, Counter] = defaultdict(Counter)
    defeated: dict[int, Counter] = defaultdict(Counter)
    for ev in game.log:
        kind = ev.kind
        if kind == "acquired" or kind == "villain_took":
            acquired[ev.seat][game.name_of(ev.card)] += 1
        elif kind == "defeated":
            defeated[ev.seat][game.name_of(ev.card)] += 1
    return acquired, defeated


def match_record(game, seats: Iterable, *, started_at: datetime, ended_at: datetime | None = None,
                 assisted: bool = False, extra_options: dict | None = None) -> MatchRecord:
    """The record of ``game`` (finished, or abandoned when not over).

    ``seats`` gives, in turn order, objects with ``name``, ``kind`` ("human" | "bot") and
    ``bot`` (the bot kind), like :class:`ascension.core.session.Seat`.
    """
    seats = list(seats)
    if len(seats) != len(game.players):
        raise ValueError(f"{len(seats)} seat descriptions for a {len(game.players)}-player game")
    setup = dict(game.ctx.setup)
    finished = bool(game.over)
    winners = set(game.winners()) if finished else set()
    teams = game.teams()   # [] unless the seats play in teams
    team_of = {s: i for i, team in enumerate(teams) for s in team}
    acquired, defeated = card_counts(game)
    renown = (legendary_board(game) or {}).get("renown", {})   # each seat's at the end, the Track's own reading
    rows = []
    for row in game.scores():
        n = row["seat"]
        if n >= 0:
            who = seats[n]
            kind, bot, name = who.kind, (who.bot if who.kind == "bot" else None), row["name"]
        else:
            kind, bot, name = "villain", None, row["name"]
        rows.append(SeatRecord(
            seat=n, name=name, kind=kind, bot=bot, team=team_of.get(n),
            tokens=row["tokens"], card_honor=row["cards"], total=row["total"], winner=n in winners,
            renown=renown.get(n), acquired=dict(acquired.get(n, {})), defeated=dict(defeated.get(n, {}))))
    options: dict[str, Any] = {"honor_pool": setup.get("honor_pool")}
    if setup.get("options"):
        options["variant_options"] = setup["options"]
    if teams:
        options["sides"] = teams
    villain = game.ext.get("villain_name") if isinstance(game.ext, dict) else None
    if villain:
        options["villain"] = villain
    options.update(extra_options or {})
    return MatchRecord(
        status=FINISHED if finished else ABANDONED, started_at=started_at,
        ended_at=ended_at or utcnow(), sets=list(setup.get("sets", [])),
        variants=list(setup.get("variants", [])), options=options, seed=game.seed, setup=setup,
        answers=list(game.answers), turns=game.turn, capped=bool(game.capped), assisted=assisted,
        seats=rows)
