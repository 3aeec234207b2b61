"""The first schema: matches, their replays, seats and the cards each seat took.

Revision 0001 (schema_version 1). Frozen: histories of this version were written by releases
from before Alembic, with only ``schema_version``; they are marked at this revision and
upgraded from here.
"""
from alembic import op
import sqlalchemy as sa
from sqlmodel.sql.sqltypes import AutoString

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table("schema_version",
                    sa.Column("id", sa.Integer, primary_key=True),
                    sa.Column("version", sa.Integer, nullable=False))
    op.create_table("match",
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
    op.create_table("match_replay",
                    sa.Column("match_id", sa.Integer, primary_key=True, autoincrement=False),
                    sa.Column("setup", sa.JSON, nullable=False),
                    sa.Column("answers", sa.JSON, nullable=False),
                    sa.ForeignKeyConstraint(["match_id"], ["match.id"], ondelete="CASCADE"))
    op.create_table("seat",
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
    op.create_table("seat_card",
                    sa.Column("match_id", sa.Integer, primary_key=True, autoincrement=False),
                    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
                    sa.Column("card", AutoString(100), primary_key=True),
                    sa.Column("acquired", sa.Integer, nullable=False),
                    sa.Column("defeated", sa.Integer, nullable=False),
                    sa.ForeignKeyConstraint(["match_id", "seat"], ["seat.match_id", "seat.seat"],
                                            ondelete="CASCADE"))
    op.execute("INSERT INTO schema_version (id, version) VALUES (1, 1)")


def downgrade() -> None:
    raise NotImplementedError("histories are never downgraded: the backup copy taken before the upgrade is the way back")
