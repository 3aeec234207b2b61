"""Alembic's entry point for the history schema.

The program runs it on its own connection, inside the one transaction in which
``db.open_history`` creates or upgrades a history (``config.attributes["connection"]``). From
the command line it opens the history named by ``-x db=PATH_OR_URL``, with the program's own
connection settings::

    alembic -c ui/history/alembic.ini -x db=/tmp/scratch.sqlite3 upgrade head
    alembic -c ui/history/alembic.ini -x db=/tmp/scratch.sqlite3 revision --autogenerate --rev-id 0003 -m "..."
"""
from alembic import context
from sqlmodel import SQLModel

from ascension.ui.history import models

config = context.config
target_metadata = SQLModel.metadata


def include_object(obj, name, type_, reflected, compare_to) -> bool:
    """Autogenerate looks at the history's own tables only (Alembic keeps its mark beside them)."""
    return type_ != "table" or name in {t.name for t in models.TABLES}


def run(connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata, include_object=include_object)
    with context.begin_transaction():   # inside the program's transaction: no new one is begun
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    run(connection)
else:
    from ascension.ui.history.db import make_engine

    db = context.get_x_argument(as_dictionary=True).get("db")
    if not db:
        raise SystemExit("name the history to work on: alembic -c ui/history/alembic.ini -x db=PATH_OR_URL ...")
    engine = make_engine(db)
    try:
        with engine.begin() as conn:
            run(conn)
    finally:
        engine.dispose()
