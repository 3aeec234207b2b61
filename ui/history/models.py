"""The history store's tables, all in this one module (SQLModel table classes).

One row per match (finished or abandoned: ``status``), its replay data (setup + answers) in a
1:1 side table so that listing 100,000 matches never reads the long answer lists, one row per
seat (the solo villain is a seat numbered -1), and per seat one row per card name with how
many copies were acquired and how many times it was defeated. Plugin and variant data go in
the JSON column ``Match.options``, never in plugin-owned tables.

Times are naive datetimes in UTC (SQLite keeps no time zone; PostgreSQL gets the same values).
Composite keys (match, seat) let a finished game be written with plain bulk inserts, and every
child row goes when its match is deleted (``ON DELETE CASCADE``; SQLite needs
``foreign_keys=ON``, which :mod:`.db` sets on every connection).

Table classes skip pydantic validation: input is checked by :mod:`.records` first.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Column, DateTime, ForeignKeyConstraint, Index, Integer
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field, SQLModel
from sqlmodel.sql.sqltypes import AutoString

# The schema this code writes. A database with a higher number is refused (see db.py);
# a lower one is migrated forward (see migrations.py) after a backup copy is taken.
SCHEMA_VERSION = 3

FINISHED = "finished"
ABANDONED = "abandoned"


UNREADABLE_TIME = datetime(1970, 1, 1)   # what a time another program wrote unreadably reads as


class StoredTime(TypeDecorator):
    """A naive UTC time; one another program wrote that cannot be read as one ('yesterday', a
    number) reads as :data:`UNREADABLE_TIME`: one row's, not every command's failure."""
    impl = DateTime
    cache_ok = True

    def result_processor(self, dialect, coltype):
        inner = super().result_processor(dialect, coltype)

        def read(value):
            if value is None or inner is None:
                return value
            try:
                return inner(value)
            except (ValueError, TypeError):
                return UNREADABLE_TIME
        return read


class StoredJSON(TypeDecorator):
    """JSON as stored; what another program wrote there that is not JSON of the expected shape
    (``shape``: "object", "answers" (a list of whole numbers), "object or null") reads as an
    empty one (or null): that match shows less, every other one all it has."""
    impl = JSON
    cache_ok = True

    def __init__(self, shape: str):
        super().__init__()
        self.shape = shape

    def result_processor(self, dialect, coltype):
        inner = super().result_processor(dialect, coltype)

        def read(value):
            try:
                value = inner(value) if inner is not None and value is not None else value
            except (ValueError, TypeError):
                value = None
            if self.shape == "answers":
                ok = isinstance(value, list) and all(type(a) is int for a in value)
                return value if ok else []
            if self.shape == "object":
                return value if isinstance(value, dict) else {}
            return value if isinstance(value, dict) else None
        return read


class StoredText(TypeDecorator):
    """Text; what another program wrote there as bytes or a number reads as text (bytes as
    UTF-8, a broken character replaced): the exports and ``show --json`` write text."""
    impl = AutoString
    cache_ok = True

    def process_result_value(self, value, dialect):
        if value is None or isinstance(value, str):
            return value
        if isinstance(value, (bytes, bytearray, memoryview)):
            return bytes(value).decode("utf-8", "replace")
        return str(value)


class StoredTeam(TypeDecorator):
    """A seat's side (a whole number, or none); anything else another program wrote there
    ('red', 1.5) reads as none: the seat plays on, in no team."""
    impl = Integer
    cache_ok = True

    def process_result_value(self, value, dialect):
        return value if type(value) is int else None


def _text(length: int, nullable: bool = False, primary_key: bool = False) -> Column:
    return Column(StoredText(length), nullable=nullable, primary_key=primary_key)


class SchemaVersion(SQLModel, table=True):
    __tablename__ = "schema_version"
    id: int = Field(default=1, primary_key=True)
    version: int


class Match(SQLModel, table=True):
    __tablename__ = "match"
    __table_args__ = (
        Index("ix_match_status_started", "status", "started_at"),
        Index("ix_match_status_players", "status", "players", "started_at"),
        Index("ix_match_status_variant", "status", "variant", "started_at"),
        Index("ix_match_status_sets", "status", "sets", "started_at"),
        Index("ix_match_simulated_started", "simulated", "started_at"),
    )
    id: int | None = Field(default=None, primary_key=True)
    status: str = Field(sa_column=_text(16))      # FINISHED | ABANDONED
    started_at: datetime = Field(sa_column=Column(StoredTime, nullable=False))   # naive UTC
    ended_at: datetime = Field(sa_column=Column(StoredTime, nullable=False))
    sets: str = Field(sa_column=_text(200))       # set ids, sorted, comma-joined: "10th,cotg"
    variant: str = Field(default="", sa_column=_text(200))  # variants, sorted, comma-joined; "" = none
    players: int                                  # seats that take turns (the villain is not one)
    seed: int = Field(sa_column=Column(BigInteger, nullable=False))
    engine_version: str = Field(sa_column=_text(40))
    capped: bool = False                          # stopped at the engine's turn limit
    options: dict[str, Any] = Field(default_factory=dict, sa_column=Column(StoredJSON("object"), nullable=False))
    # schema 2
    turns: int = 0
    assisted: bool = False                        # an undo took back information already shown
    # schema 3
    simulated: bool = False                       # no person sat at the table: bots played it alone


class MatchReplay(SQLModel, table=True):
    """Everything needed to replay a match: the setup (with seed) and every answer."""
    __tablename__ = "match_replay"
    __table_args__ = (ForeignKeyConstraint(["match_id"], ["match.id"], ondelete="CASCADE"),)
    match_id: int = Field(primary_key=True)
    setup: dict[str, Any] = Field(sa_column=Column(StoredJSON("object"), nullable=False))
    answers: list[int] = Field(sa_column=Column(StoredJSON("answers"), nullable=False))


class Seat(SQLModel, table=True):
    __tablename__ = "seat"
    __table_args__ = (
        ForeignKeyConstraint(["match_id"], ["match.id"], ondelete="CASCADE"),
        Index("ix_seat_name", "name", "winner", "match_id"),
        Index("ix_seat_bot", "bot", "name", "match_id"),
    )
    match_id: int = Field(primary_key=True)
    seat: int = Field(primary_key=True)           # turn order from 0; -1 = the solo villain
    name: str = Field(sa_column=_text(100))
    kind: str = Field(sa_column=_text(16))        # "human" | "bot" | "villain"
    bot: str | None = Field(default=None, sa_column=_text(40, nullable=True))  # bot kind / difficulty
    team: int | None = Field(default=None, sa_column=Column(StoredTeam, nullable=True))  # index of the seat's side in team play
    tokens: int = 0                               # honor from tokens
    card_honor: int = 0                           # honor from cards
    total: int = 0
    winner: bool = False
    # schema 2: renown per faction, when a set uses it (JSON object faction -> points)
    renown: dict[str, int] | None = Field(default=None, sa_column=Column(StoredJSON("object or null"), nullable=True))


class SeatCard(SQLModel, table=True):
    """Per seat and card name: copies acquired and times defeated (monsters)."""
    __tablename__ = "seat_card"
    __table_args__ = (
        ForeignKeyConstraint(["match_id", "seat"], ["seat.match_id", "seat.seat"], ondelete="CASCADE"),
        Index("ix_seat_card_card", "card"),
    )
    match_id: int = Field(primary_key=True)
    seat: int = Field(primary_key=True)
    card: str = Field(sa_column=_text(100, primary_key=True))
    acquired: int = 0
    defeated: int = 0


TABLES = [SchemaVersion.__table__, Match.__table__, MatchReplay.__table__, Seat.__table__, SeatCard.__table__]
