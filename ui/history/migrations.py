"""Schema versions as a list of numbered steps (simpler than Alembic for five small tables).

``schema_version`` holds one number. Opening a database at version N < SCHEMA_VERSION runs
steps N -> N+1 -> ... in order, in one transaction (SQLite and PostgreSQL both roll DDL back),
after :mod:`.db` has taken a backup copy of an SQLite file. A step is frozen once released:
it says what that version changed in plain DDL and never refers to the current models, which
keep moving. :func:`create_first_schema` keeps version 1 as it was released, so the tests can
build a first-version database and migrate it.
"""
from __future__ import annotations

from typing import Callable

import sqlalchemy as sa
from sqlalchemy.engine import Connection
from sqlmodel.sql.sqltypes import AutoString

from .models import SCHEMA_VERSION


def create_first_schema(conn: Connection) -> None:
    """Version 1, exactly as released (frozen: do not edit)."""
    md = sa.MetaData()
    sa.Table("schema_version", md,
             sa.Column("id", sa.Integer, primary_key=True),
             sa.Column("version", sa.Integer, nullable=False))
    sa.Table("match", md,
             sa.Column("id", sa.Integer, primary_key=True),
             sa.Column("status", AutoString(16), nullable=False),
             sa.Column("started_at", sa.DateTime, nullable=False),
             sa.Column("ended_at", sa.DateTime, nullable=False),
             sa.Column("sets", AutoString(200), nullable=False),
             sa.Column("variant", AutoString(200), nullable=False),
             sa.Column("players", sa.Integer, nullable=False),
             sa.Column("seed", sa.BigInteger, nullable=False),
             sa.Column("engine_version", AutoString(40), nullable=False),
             sa.Column("capped", sa.Boolean, nullable=False),
             sa.Column("options", sa.JSON, nullable=False))
    sa.Table("match_replay", md,
             sa.Column("match_id", sa.Integer, primary_key=True, autoincrement=False),
             sa.Column("setup", sa.JSON, nullable=False),
             sa.Column("answers", sa.JSON, nullable=False),
             sa.ForeignKeyConstraint(["match_id"], ["match.id"], ondelete="CASCADE"))
    sa.Table("seat", md,
             sa.Column("match_id", sa.Integer, primary_key=True, autoincrement=False),
             sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
             sa.Column("name", AutoString(100), nullable=False),
             sa.Column("kind", AutoString(16), nullable=False),
             sa.Column("bot", AutoString(40), nullable=True),
             sa.Column("team", sa.Integer, nullable=True),
             sa.Column("tokens", sa.Integer, nullable=False),
             sa.Column("card_honor", sa.Integer, nullable=False),
             sa.Column("total", sa.Integer, nullable=False),
             sa.Column("winner", sa.Boolean, nullable=False),
             sa.ForeignKeyConstraint(["match_id"], ["match.id"], ondelete="CASCADE"))
    sa.Table("seat_card", md,
             sa.Column("match_id", sa.Integer, primary_key=True, autoincrement=False),
             sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
             sa.Column("card", AutoString(100), primary_key=True),
             sa.Column("acquired", sa.Integer, nullable=False),
             sa.Column("defeated", sa.Integer, nullable=False),
             sa.ForeignKeyConstraint(["match_id", "seat"], ["seat.match_id", "seat.seat"], ondelete="CASCADE"))
    md.create_all(conn)
    conn.execute(sa.text("INSERT INTO schema_version (id, version) VALUES (1, 1)"))


def _v1_to_v2(conn: Connection) -> None:
    """Turns played, the assisted mark, renown per faction; indexes for the match list filters."""
    for ddl in (
        'ALTER TABLE "match" ADD COLUMN turns INTEGER NOT NULL DEFAULT 0',
        'ALTER TABLE "match" ADD COLUMN assisted BOOLEAN NOT NULL DEFAULT FALSE',
        'ALTER TABLE seat ADD COLUMN renown JSON',
        'CREATE INDEX ix_match_status_started ON "match" (status, started_at)',
        'CREATE INDEX ix_match_status_players ON "match" (status, players, started_at)',
        'CREATE INDEX ix_match_status_variant ON "match" (status, variant, started_at)',
        'CREATE INDEX ix_match_status_sets ON "match" (status, sets, started_at)',
        "CREATE INDEX ix_seat_name ON seat (name, winner, match_id)",
        "CREATE INDEX ix_seat_bot ON seat (bot, name, match_id)",
        "CREATE INDEX ix_seat_card_card ON seat_card (card)",
    ):
        conn.execute(sa.text(ddl))


# from-version -> step to the next version
STEPS: dict[int, Callable[[Connection], None]] = {1: _v1_to_v2}
assert sorted(STEPS) == list(range(1, SCHEMA_VERSION)), "one step per version below SCHEMA_VERSION"


def migrate(conn: Connection, current: int) -> list[int]:
    """Run the steps from ``current`` up to SCHEMA_VERSION inside the caller's transaction;
    returns the versions passed through."""
    passed = []
    for version in range(current, SCHEMA_VERSION):
        STEPS[version](conn)
        passed.append(version + 1)
    conn.execute(sa.text("UPDATE schema_version SET version = :v WHERE id = 1"), {"v": SCHEMA_VERSION})
    return passed
