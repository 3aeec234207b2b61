"""${message}

Revision ${up_revision} (schema_version ${int(up_revision)}), after ${down_revision | comma,n}. ${create_date}
Frozen once released: it says what this version changed and never imports the current models.
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel
${imports if imports else ""}

revision = ${repr(up_revision)}
down_revision = ${repr(down_revision)}
branch_labels = ${repr(branch_labels)}
depends_on = ${repr(depends_on)}


def upgrade() -> None:
    ${upgrades if upgrades else "pass"}
    op.execute("UPDATE schema_version SET version = ${int(up_revision)} WHERE id = 1")


def downgrade() -> None:
    raise NotImplementedError("histories are never downgraded: the backup copy taken before the upgrade is the way back")
