"""Simulated matches (no person at the table) marked, so that lists keep them apart quickly.

Revision 0003 (schema_version 3), after 0002. Frozen once released. A match is simulated when
none of its seats is a person's; the mark is computed here once for the games already stored.
"""
from alembic import op
import sqlalchemy as sa

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("match", sa.Column("simulated", sa.Boolean, nullable=False, server_default=sa.false()))
    op.execute('UPDATE "match" SET simulated = NOT EXISTS '
               '(SELECT 1 FROM seat WHERE seat.match_id = "match".id AND seat.kind = \'human\')')
    op.create_index("ix_match_simulated_started", "match", ["simulated", "started_at"])
    op.execute("UPDATE schema_version SET version = 3 WHERE id = 1")


def downgrade() -> None:
    raise NotImplementedError("histories are never downgraded: the backup copy taken before the upgrade is the way back")
