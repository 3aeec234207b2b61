"""Schema changes of the match history, as Alembic revisions (``alembic/versions``).

A history carries two marks:

- ``schema_version``: one number, read through a read-only connection before anything is
  touched (:mod:`.db` refuses a newer number and takes a backup before an upgrade). Every
  revision sets it, and histories written before the program used Alembic have only this one.
  Revision ids are that number on four digits ("0002" sets schema_version 2).
- ``alembic_version``: Alembic's own mark of the revision reached.

Everything runs inside the caller's transaction (SQLite and PostgreSQL both roll DDL back), so
an upgrade that fails leaves the history as it was. Alembic is imported only when a history is
created or upgraded: opening an up-to-date one costs nothing more.

A new schema: change :mod:`.models`, raise ``SCHEMA_VERSION``, then let Alembic write the
revision (see ``alembic.ini``) with ``--rev-id`` set to the new number, and check it.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.engine import Connection

SCRIPTS = Path(__file__).with_name("alembic")


def revision_of(version: int) -> str:
    return f"{version:04d}"


def marked(conn: Connection) -> bool:
    """Whether Alembic has marked this history (it has not, when written before Alembic)."""
    return sa.inspect(conn).has_table("alembic_version")


def alembic_config(conn: Connection):
    """Alembic's settings for running the revisions on ``conn`` (inside its transaction)."""
    from alembic.config import Config
    cfg = Config()
    cfg.set_main_option("script_location", str(SCRIPTS))
    cfg.attributes["connection"] = conn
    return cfg


@lru_cache(maxsize=1)
def scripts():
    """The revisions, read once per process."""
    from alembic.script import ScriptDirectory
    return ScriptDirectory(str(SCRIPTS))


def head() -> str:
    return scripts().get_current_head()


def mark_created(conn: Connection) -> None:
    """Mark a history just created from the current models as being at the newest revision."""
    from alembic.runtime.migration import MigrationContext
    MigrationContext.configure(conn).stamp(scripts(), "head")


def upgrade(conn: Connection, stored: int) -> None:
    """Bring a history at schema ``stored`` up to the newest revision. A history from before
    Alembic is first marked at the revision of its number."""
    from alembic import command
    cfg = alembic_config(conn)
    if not marked(conn):
        command.stamp(cfg, revision_of(stored))
    command.upgrade(cfg, "head")


def build(conn: Connection, target: str) -> None:
    """An empty database built revision by revision up to ``target`` (tests: old histories)."""
    from alembic import command
    command.upgrade(alembic_config(conn), target)
