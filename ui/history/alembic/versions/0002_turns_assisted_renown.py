"""Turns played, the assisted mark, Renown per faction; indexes for the match list's filters.

Revision 0002 (schema_version 2), after 0001. Frozen once released.
"""
from alembic import op
import sqlalchemy as sa

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("match", sa.Column("turns", sa.Integer, nullable=False, server_default="0"))
    op.add_column("match", sa.Column("assisted", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("seat", sa.Column("renown", sa.JSON, nullable=True))
    op.create_index("ix_match_status_started", "match", ["status", "started_at"])
    op.create_index("ix_match_status_players", "match", ["status", "players", "started_at"])
    op.create_index("ix_match_status_variant", "match", ["status", "variant", "started_at"])
    op.create_index("ix_match_status_sets", "match", ["status", "sets", "started_at"])
    op.create_index("ix_seat_name", "seat", ["name", "winner", "match_id"])
    op.create_index("ix_seat_bot", "seat", ["bot", "name", "match_id"])
    op.create_index("ix_seat_card_card", "seat_card", ["card"])
    op.execute("UPDATE schema_version SET version = 2 WHERE id = 1")


def downgrade() -> None:
    raise NotImplementedError("histories are never downgraded: the backup copy taken before the upgrade is the way back")
